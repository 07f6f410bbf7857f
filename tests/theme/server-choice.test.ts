import { describe, it, expect } from 'vitest';
import { baseOf, hintFor, hostOf, noteTyped, portOf, tidied, typedOf, valueOnServer, type SpecServer } from '../../theme/client/api/server-choice.ts';
import { inString } from '../../theme/client/api/remembered-server.ts';

/** The hub REST API's two servers (openapi/hub-rest-api-1.6.0.yaml). */
const http: SpecServer = { url: 'http://{hubHost}:{port}/api/rest/v1', variables: { hubHost: { default: 'localhost' }, port: { default: '80' } } };
const https: SpecServer = { url: 'https://{hubHost}:{port}/api/rest/v1', variables: { hubHost: { default: 'localhost' }, port: { default: '443' } } };
const SPEC = 'http://127.0.0.1:4000/suite-5.4.sp1/rhubapi/hub-rest-api-1.6.0.json';
const onServer = (server: SpecServer, typed: Record<string, string>) => ({ hubHost: valueOnServer(server, 'hubHost', typed), port: valueOnServer(server, 'port', typed) });

describe('Try it keeps what the reader typed across servers', () => {
  it('keeps a typed host and a typed port on the other server, and back', () => {
    let typed = noteTyped({}, http, 'hubHost', 'hub.example.local');
    typed = noteTyped(typed, http, 'port', '8080');
    expect(onServer(https, typed)).toEqual({ hubHost: 'hub.example.local', port: '8080' });
    expect(onServer(http, typed)).toEqual({ hubHost: 'hub.example.local', port: '8080' });
    expect(baseOf(https, typed, SPEC)).toBe('https://hub.example.local:8080/api/rest/v1');
  });

  it("gives a port the reader never typed each server's own default", () => {
    const typed = noteTyped({}, http, 'hubHost', 'hub.example.local');
    expect(onServer(https, typed)).toEqual({ hubHost: 'hub.example.local', port: '443' });
    expect(onServer(http, typed)).toEqual({ hubHost: 'hub.example.local', port: '80' });
    // Typing the default back is no value of the reader's: the other server's default holds again.
    const back = noteTyped(noteTyped(typed, http, 'port', '8080'), http, 'port', '80');
    expect(onServer(https, back).port).toBe('443');
    expect(baseOf(https, typed, SPEC)).toBe('https://hub.example.local/api/rest/v1');
  });

  it("leaves a value out where the variable's enum does", () => {
    const limited: SpecServer = { url: 'https://{hubHost}:{port}/v1', variables: { hubHost: { default: 'localhost' }, port: { default: '443', enum: ['443', '8443'] } } };
    const typed = noteTyped({}, http, 'port', '8080');
    expect(valueOnServer(limited, 'port', typed)).toBe('443');
    expect(valueOnServer(limited, 'port', noteTyped({}, http, 'port', '8443'))).toBe('8443');
  });

  it('reads an entry stored before values were kept by name without taking its defaults for typed values', () => {
    expect(typedOf({ url: https.url as string, variables: { hubHost: 'hub.example.local', port: '443' } }, [http, https])).toEqual({ hubHost: 'hub.example.local' });
    expect(typedOf({ url: https.url as string, variables: { port: '443' }, base: 'https://localhost/api/rest/v1' }, [http, https])).toEqual({ port: '443' });
    expect(typedOf(undefined, [http])).toEqual({});
  });
});

describe('an empty or malformed host', () => {
  it('is not remembered: the default holds, and the base URL has a host', () => {
    const typed = noteTyped({}, http, 'hubHost', 'hub.example.local');
    const cleared = noteTyped(typed, http, 'hubHost', '');
    expect(cleared).toEqual({});
    expect(baseOf(http, cleared, SPEC)).toBe('http://localhost/api/rest/v1');
    expect(noteTyped(typed, http, 'hubHost', 'hub..example')).toEqual({});
    expect(noteTyped({}, http, 'port', 'eighty')).toEqual({});
    expect(noteTyped({}, http, 'port', '70000')).toEqual({});
  });

  it('a pasted URL stands for its host and port; an IPv6 address gets brackets', () => {
    expect(hostOf('http://192.0.2.10')).toEqual({ host: '192.0.2.10' });
    expect(hostOf(' https://hub.example.local:8080/api/rest/v1 ')).toEqual({ host: 'hub.example.local', port: '8080' });
    expect(hostOf('::1')).toEqual({ host: '[::1]' });
    expect(hostOf('[fe80::2]')).toEqual({ host: '[fe80::2]' });
    expect(hostOf('user:secret@hub')).toBeUndefined();
    expect(noteTyped({}, http, 'hubHost', 'http://192.0.2.10:8080')).toEqual({ hubHost: '192.0.2.10', port: '8080' });
    expect(baseOf(http, noteTyped({}, http, 'hubHost', '::1'), SPEC)).toBe('http://[::1]/api/rest/v1');
    expect(portOf('08080')).toBe('8080');
  });

  it('is tidied when the reader leaves the field, and a hint says what a host is while it is not one', () => {
    expect(tidied(http, 'hubHost', '')).toEqual({ hubHost: 'localhost' });
    expect(tidied(http, 'hubHost', 'http://192.0.2.10:8080/')).toEqual({ hubHost: '192.0.2.10', port: '8080' });
    expect(tidied(http, 'hubHost', '::1')).toEqual({ hubHost: '[::1]' });
    expect(tidied(http, 'hubHost', 'hub.example.local')).toEqual({});
    expect(tidied(http, 'hubHost', 'not a host')).toEqual({});
    expect(tidied(http, 'port', '')).toEqual({ port: '80' });
    expect(hintFor(http, 'hubHost', '')).toMatch(/^hubHost: enter a host name or IP address, without http:\/\//);
    expect(hintFor(http, 'hubHost', 'not a host')).toBeDefined();
    expect(hintFor(http, 'hubHost', 'http://192.0.2.10')).toBeUndefined();
    expect(hintFor(http, 'port', 'x')).toBe('port: enter a port number from 1 to 65535.');
  });
});

describe('a host that could run a command', () => {
  const evil = "x'$(touch${IFS}/tmp/PWNED)'";

  it('is never remembered nor written into a base URL, also from an entry stored before', () => {
    expect(hostOf(evil)).toBeUndefined();
    expect(noteTyped({}, http, 'hubHost', evil)).toEqual({});
    expect(valueOnServer(http, 'hubHost', { hubHost: evil })).toBe('localhost');
    expect(baseOf(http, { hubHost: evil }, SPEC)).toBe('http://localhost/api/rest/v1');
    expect(noteTyped({}, http, 'hubHost', 'hub;rm -rf')).toEqual({});
  });

  it('is quoted for the language of each sample it is written into', () => {
    const url = `http://${evil}/api`;
    expect(inString('curl', url)).toBe(`http://x'\\''$(touch\${IFS}/tmp/PWNED)'\\''/api`);
    expect(inString('javascript', 'http://a"b\\c')).toBe('http://a\\"b\\\\c');
    expect(inString('python', 'http://a"b')).toBe('http://a\\"b');
    // PowerShell's single quotes end at any of its four single-quote characters: each is doubled.
    expect(inString('powershell', "http://x';Remove-Item C:\\;'/api")).toBe("http://x'';Remove-Item C:\\;''/api");
    expect(inString('powershell', 'http://x\u2019;calc;\u2018/api')).toBe('http://x\u2019\u2019;calc;\u2018\u2018/api');
    // An author's sample in another language: only a URL that needs no quoting.
    expect(inString('go', 'http://[::1]:8080/api')).toBe('http://[::1]:8080/api');
    expect(inString('go', url)).toBeUndefined();
  });
});

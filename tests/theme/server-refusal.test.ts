import { describe, it, expect } from 'vitest';
import { fieldProblems, refusalFor, type SpecServer } from '../../theme/client/api/server-choice.ts';
import { shownHost, unansweredRequestHelp, blockedRequestReason } from '../../theme/client/api/blocked-request.ts';

/** The hub REST API's http server (openapi/hub-rest-api-1.6.0.yaml). */
const http: SpecServer = { url: 'http://{hubHost}:{port}/api/rest/v1', variables: { hubHost: { default: 'localhost' }, port: { default: '80' } } };
const texts = (values: Record<string, string>) => (name: string) => values[name];

describe('Execute refused for a server field that stands for no value', () => {
  it('finds the fields the hints name, in the spec order, and none where every field holds a value or its default', () => {
    expect(fieldProblems(http, texts({ hubHost: 'bad host!', port: 'eighty' })).map((p) => [p.name, p.text])).toEqual([
      ['hubHost', 'bad host!'],
      ['port', 'eighty'],
    ]);
    expect(fieldProblems(http, texts({ hubHost: 'bad host!' }))[0]?.hint).toMatch(/^hubHost: enter a host name or IP address/);
    expect(fieldProblems(http, texts({ hubHost: '127.0.0.1', port: '8080' }))).toEqual([]);
    expect(fieldProblems(http, texts({ hubHost: 'localhost', port: '80' }))).toEqual([]);
  });

  it('says which field, the text as the reader typed it (not URL-encoded), that the hint says what to do, and the default', () => {
    const problem = fieldProblems(http, texts({ hubHost: 'bad host!' }))[0];
    if (!problem) throw new Error('no problem found');
    const said = refusalFor(http, problem);
    expect(said).toBe('Not sent: the server variable hubHost holds “bad host!”, which is not a host name or IP address. Correct it as the hint under the server variables says, or empty the field to use the default, localhost.');
    expect(said).not.toContain('%20');
    const port = fieldProblems(http, texts({ port: 'eighty' }))[0];
    if (!port) throw new Error('no problem found');
    expect(refusalFor(http, port)).toContain('holds “eighty”, which is not a port number');
    const empty = fieldProblems(http, texts({ hubHost: '' }))[0];
    if (!empty) throw new Error('no problem found');
    expect(refusalFor(http, empty)).toBe('Not sent: the server variable hubHost is empty. Fill it in as the hint under the server variables says, or leave the field to use the default, localhost.');
  });
});

describe('a server named in a message', () => {
  it('shows its host as the reader typed it, not percent-encoded, in the messages that name one', () => {
    expect(shownHost('bad%20host!')).toBe('bad host!');
    expect(shownHost('hub%2Dstudio.example:8080')).toBe('hub-studio.example:8080');
    expect(shownHost('hub.studio.example:8080')).toBe('hub.studio.example:8080');
    expect(shownHost('[::1]:80')).toBe('[::1]:80');
    expect(shownHost('50%')).toBe('50%'); // no escape: as it is
    // The messages that name a server name it so.
    expect(unansweredRequestHelp('http://hub.studio.example:4499/api/rest/v1/engines', 'http://127.0.0.1:3000/docs/rhubapi/')).toContain('No answer from http://hub.studio.example:4499, and');
    expect(blockedRequestReason('http://hub.studio.example:80/api/rest/v1/engines', 'https://docs.example.com/rhubapi/')).toContain('the http:// server hub.studio.example (mixed content)');
  });
});

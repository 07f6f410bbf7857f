import { describe, it, expect } from 'vitest';
import { blockedRequestReason, unansweredRequestHelp } from '../../theme/client/api/blocked-request.ts';

describe('why the browser refuses a Try it request', () => {
  it('names mixed content: an https page calling an http:// server that is not this computer', () => {
    const reason = blockedRequestReason('http://hub.studio.example:80/api/rest/v1/engines', 'https://docs.example.com/suite/rhubapi/');
    expect(reason).toMatch(/served over HTTPS/);
    expect(reason).toContain('http:// server hub.studio.example');
    expect(reason).toMatch(/https server/);
  });

  it('says nothing where the browser lets the request go', () => {
    const cases: [string, string][] = [
      ['https://hub.studio.example/api/rest/v1/engines', 'https://docs.example.com/rhubapi/'], // https to https
      ['http://hub.studio.example/api/rest/v1/engines', 'http://docs.example.com/rhubapi/'], // http page
      ['http://localhost:8080/api/rest/v1/engines', 'https://docs.example.com/rhubapi/'], // loopback is exempt
      ['http://127.0.0.1/api/rest/v1/engines', 'https://docs.example.com/rhubapi/'],
      ['http://[::1]/api/rest/v1/engines', 'https://docs.example.com/rhubapi/'],
      ['/api/rest/v1/engines', 'https://docs.example.com/rhubapi/'], // a relative server is the site
      ['not a url', 'not a url either'],
    ];
    for (const [request, page] of cases) expect(blockedRequestReason(request, page), `${request} from ${page}`).toBeUndefined();
  });
});

describe('what to check when a Try it request got no answer', () => {
  it('names the server, the scheme and the page origin the hub must allow', () => {
    const help = unansweredRequestHelp('http://127.0.0.1:4499/api/rest/v1/engines', 'http://127.0.0.1:3000/docs/rhubapi/');
    expect(help).toContain('No answer from http://127.0.0.1:4499');
    expect(help).toContain('the hub runs at 127.0.0.1:4499');
    expect(help).toContain('answers http,');
    expect(help).toContain("this page's origin, http://127.0.0.1:3000 (CORS)");
  });

  it('leaves mixed content to the notice given before the request, and says nothing of what is no URL', () => {
    expect(unansweredRequestHelp('http://hub.studio.example/api/rest/v1/engines', 'https://docs.example.com/rhubapi/')).toBeUndefined();
    expect(unansweredRequestHelp('http://[bad', 'also bad')).toBeUndefined();
  });
});


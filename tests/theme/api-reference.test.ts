/** The prerendered reference HTML: valid unique ids, working links, hostile descriptions kept inert. */
import { describe, it, expect } from 'vitest';
import { mkdtemp, writeFile, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parse } from 'parse5';
import { ApiReference } from '../../theme/components/api/ApiReference.tsx';
import { loadApiSpec } from '../../src/openapi/load.ts';
import { referencePages } from '../../src/openapi/reference-model.ts';
import { createDescriptionRenderer } from '../../src/openapi/markdown.ts';
import { ROOT } from '../helpers.ts';

interface Node5 {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node5[];
}

async function render(dir: string, file: string): Promise<string[]> {
  const spec = await loadApiSpec({ id: 'x', route: 'api', spec: file }, dir);
  return referencePages(spec, { baseUrl: '/', specUrl: '/api/spec', specLocation: 'https://docs.example.com/api/spec', description: createDescriptionRenderer() }).map((page) =>
    renderToStaticMarkup(createElement(ApiReference, { model: page.model })),
  );
}

function walk(node: Node5, visit: (n: Node5) => void): void {
  visit(node);
  for (const child of node.childNodes ?? []) walk(child, visit);
}

function textOf(node: Node5): string {
  let text = '';
  walk(node, (n) => {
    if (n.nodeName === '#text') text += (n as unknown as { value: string }).value;
  });
  return text;
}

function attrs(html: string, name: string): string[] {
  const values: string[] = [];
  walk(parse(html) as unknown as Node5, (n) => n.attrs?.forEach((a) => a.name === name && values.push(a.value)));
  return values;
}

describe('the prerendered API reference', () => {
  for (const [dir, file] of [
    [ROOT, 'openapi/hub-rest-api-1.6.0.yaml'],
    [path.join(ROOT, 'tests/fixtures/openapi'), 'petstore-3.0.yaml'],
    [path.join(ROOT, 'tests/fixtures/openapi'), 'tasks-3.1-no-operation-ids.yaml'],
    [path.join(ROOT, 'tests/fixtures/openapi'), 'scene-graph-cycles.json'],
  ] as const) {
    it(`${file}: ids are unique and valid, and every same-page link has its target`, async () => {
      const [html = ''] = await render(dir, file);
      const ids = attrs(html, 'id');
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^\S+$/);
      const targets = [...attrs(html, 'href'), ...attrs(html, 'data-schema-ref').map((a) => `#${a}`)].filter((h) => h.startsWith('#'));
      for (const href of targets) expect(ids, href).toContain(decodeURIComponent(href.slice(1)));
    });
  }

  it('names each example once: no "Example Example" and no second "made from the schema" on the copy button', async () => {
    const [html = ''] = await render(ROOT, 'openapi/hub-rest-api-1.6.0.yaml');
    const copyLabels = attrs(html, 'aria-label').filter((label) => label.startsWith('Copy '));
    expect(copyLabels.length).toBeGreaterThan(48);
    expect(copyLabels.filter((label) => / Example$|made from the schema/.test(label))).toEqual([]);
    expect(copyLabels).toContain('Copy Response 2XX');
    expect(copyLabels).not.toContain('Copy Response 200');
  });

  it("lists each operation's response examples beside its request, by status, the first success shown, and not again under Responses", async () => {
    const [html = ''] = await render(ROOT, 'openapi/hub-rest-api-1.6.0.yaml');
    const doc = parse(html) as unknown as Node5;
    const has = (n: Node5, name: string, value?: string) => n.attrs?.some((a) => a.name === name && (value === undefined || a.value === value)) ?? false;
    let operations = 0;
    walk(doc, (op) => {
      if (op.nodeName !== 'section' || !has(op, 'data-op')) return;
      operations++;
      const statuses: string[] = [];
      const shown: string[] = [];
      const pressed: string[] = [];
      let inResponses = 0;
      walk(op, (n) => {
        if (has(n, 'data-response-sample')) statuses.push(n.attrs?.find((a) => a.name === 'data-response-sample')?.value ?? '');
        if (has(n, 'data-response-sample') && has(n, 'data-shown')) shown.push(statuses.at(-1) ?? '');
        if (has(n, 'data-response-status') && has(n, 'aria-pressed', 'true')) pressed.push(textOf(n));
        if (n.nodeName === 'details' && has(n, 'class', 'api-response')) walk(n, (m) => void (has(m, 'class', 'api-examples') && inResponses++));
      });
      expect(inResponses).toBe(0);
      if (statuses.length === 0) return;
      const first = statuses.find((s) => s.startsWith('2')) ?? (statuses.includes('default') ? 'default' : statuses[0]);
      expect(shown).toEqual([first]);
      expect(pressed).toEqual([first]);
    });
    expect(operations).toBe(48);
    expect(html).toContain('data-response-sample="500"');
  });

  it('says so beside the request for a status without an example, so a success without a body is not shown as its error example', async () => {
    const [html = ''] = await render(ROOT, 'openapi/hub-rest-api-1.6.0.yaml');
    const opHtml = (id: string) => html.split('<section class="api-op').find((op) => op.includes(`id="operation/${id}"`)) ?? '';
    const sample = (id: string, status: string) => new RegExp(`data-response-sample="${status}"[^>]*>(.*?)</div>`).exec(opHtml(id))?.[1]?.replace(/<!-- -->/g, '') ?? '';
    // 201 declares no body and 404 has none described; the 500 example is not what the call answers.
    expect(opHtml('createRundownItem')).toMatch(/data-response-sample="201" data-shown=""/);
    expect(sample('createRundownItem', '201')).toBe('<p class="api-response-sample__empty">Response 201: No body described.</p>');
    expect(sample('createRundownItem', '500')).toContain('api-code');
    // 204 rules a body out.
    expect(opHtml('deleteRundown')).toMatch(/data-response-sample="204" data-shown=""/);
    expect(sample('deleteRundown', '204')).toContain('Response 204: No body.');
    // Each status is listed once, with a button.
    const statuses = [...opHtml('createRundownItem').matchAll(/data-response-status="([^"]+)"/g)].map((m) => m[1]);
    expect(statuses).toEqual([...opHtml('createRundownItem').matchAll(/data-response-sample="([^"]+)"/g)].map((m) => m[1]));
  });

  it('shows first, and lists first, the success written as `default` (accept any 2xx), never an error the spec lists before it', async () => {
    const [html = ''] = await render(ROOT, 'openapi/hub-rest-api-1.6.0.yaml');
    const opHtml = (id: string) => html.split('<section class="api-op').find((op) => op.includes(`id="operation/${id}"`)) ?? '';
    const affected = ['updateMosObject', 'loadGraph', 'loadRgraph', 'loadUstate', 'triggerNewsroomItemButton', 'launchLaunchConfig', 'startRenderer', 'stopRenderer', 'stopLaunchConfig', 'retimeLaunchConfig'];
    for (const id of affected) {
      const op = opHtml(id);
      const statuses = [...op.matchAll(/data-response-sample="([^"]+)"/g)].map((m) => m[1]);
      // The spec lists them by status, errors first and `default` last: the success's button and example come first.
      expect(statuses[0], id).toBe('default');
      expect([...op.matchAll(/data-response-status="([^"]+)"/g)].map((m) => m[1])[0], id).toBe('default');
      expect(statuses.some((status) => /^[45]/.test(status ?? '')), id).toBe(true);
      expect([...op.matchAll(/data-response-sample="([^"]+)" data-shown=""/g)].map((m) => m[1]), id).toEqual(['default']);
      expect([...op.matchAll(/data-response-status="([^"]+)"[^>]*aria-pressed="true"/g)].map((m) => m[1]), id).toEqual(['default']);
      expect(/data-response-sample="default"[^>]*>(.*?)<\/div>/.exec(op)?.[1]?.replace(/<!-- -->/g, ''), id).toBe('<p class="api-response-sample__empty">Response default: No body described.</p>');
    }
  });

  it('shows a 2XX before `default` when an operation lists both', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-default-'));
    const ok = { description: 'OK', content: { 'application/json': { example: { ok: true } } } };
    const failed = { description: 'Failed', content: { 'application/json': { example: { error: 'no' } } } };
    await writeFile(
      path.join(dir, 'spec.json'),
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: { '/a': { get: { operationId: 'both', responses: { default: { description: 'Any 2xx' }, '500': failed, '2XX': ok } } } },
      }),
    );
    const [html = ''] = await render(dir, 'spec.json');
    expect([...html.matchAll(/data-response-sample="([^"]+)"/g)].map((m) => m[1])).toEqual(['2XX', '500', 'default']);
    expect(html).toMatch(/data-response-sample="2XX" data-shown=""/);
    expect([...html.matchAll(/data-shown=""/g)]).toHaveLength(1);
  });

  it('makes up no "string" for a schema without a type, and says where the whole answer has no documented shape', async () => {
    const [html = ''] = await render(ROOT, 'openapi/hub-rest-api-1.6.0.yaml');
    const opHtml = (id: string) => html.split('<section class="api-op').find((op) => op.includes(`id="operation/${id}"`)) ?? '';
    const text = (fragment: string) => textOf(parse(fragment) as unknown as Node5);
    // A status's part of the panel: up to the next status's, or the panel's end.
    const sample = (id: string, status: string) => text(`${new RegExp(`data-response-sample="${status}"[^>]*>([^]*?)(?=<div class="api-response-sample"|</div></div></div></section>)`).exec(opHtml(id))?.[1] ?? ''}`);
    // SuccessFlag has no type: no example made from it, and the page says why.
    for (const id of ['triggerFunction', 'triggerRundownItemButton']) {
      expect(opHtml(id), id).toMatch(/data-response-sample="2XX" data-shown=""/);
      expect(sample(id, '2XX'), id).toBe('Response 2XX: No example, as its shape is not documented (the schema gives no type).');
    }
    // readyToAir and payload.value have no type: the optional one left out of the examples and the code samples, the
    // required one null (a copied request keeps every required field), both still in the schema trees.
    expect(sample('getNewsroomRundown', '2XX')).toContain('"macroOut"');
    expect(sample('getNewsroomRundown', '2XX')).not.toContain('readyToAir');
    expect(text(opHtml('getNewsroomRundown'))).toContain('readyToAir');
    const trigger = text(opHtml('triggerFunction'));
    expect(trigger).toContain('"PropertyPath": "string"');
    expect(trigger).not.toMatch(/"value": "string"/);
    expect(trigger).toMatch(/"payload": \{\s*"value": null\s*\}/);
    expect(trigger).not.toMatch(/Response 2XX[^]*"string"[^]*Response 500/);
  });

  it('sends no made-up body in the code samples when the body has no documented shape, and says so under the request body', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-any-body-'));
    await writeFile(
      path.join(dir, 'spec.json'),
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: { '/a': { post: { operationId: 'send', requestBody: { content: { 'application/json': { schema: { description: 'Anything.' } } } }, responses: { '204': { description: 'Done' } } } } },
      }),
    );
    const [html = ''] = await render(dir, 'spec.json');
    const text = textOf(parse(html) as unknown as Node5);
    expect(text).toContain('No example, as its shape is not documented (the schema gives no type).');
    expect(text).toContain("curl -X POST 'https://docs.example.com/a'");
    expect(text).not.toMatch(/--data|JSON\.stringify|json=|"string"/);
  });

  it('gives Try it the values the code samples send: the path parameters and the required query, header and cookie ones', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-try-values-'));
    const parameters = [
      { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      { name: 'per_page', in: 'query', required: true, schema: { type: 'integer', example: 30 } },
      { name: 'q', in: 'query', schema: { type: 'string' } },
      { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' } },
      { name: 'session', in: 'cookie', required: true, schema: { type: 'string', example: 'abc' } },
    ];
    await writeFile(path.join(dir, 'spec.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/things/{id}': { get: { operationId: 'getThing', parameters, responses: { '200': { description: 'OK' } } } } } }));
    const [html = ''] = await render(dir, 'spec.json');
    const attribute = /data-try-values="([^"]*)"/.exec(html)?.[1] ?? '';
    const values = JSON.parse(attribute.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Record<string, Record<string, unknown>>;
    expect(values).toEqual({ path: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) }, query: { per_page: 30 }, header: { 'X-Trace': 'string' }, cookie: { session: 'abc' } });
    // The same values as the curl sample sends.
    const text = textOf(parse(html) as unknown as Node5);
    expect(text).toContain(`/things/${String(values.path?.id)}?per_page=30`);
    expect(text).toMatch(/-H 'X-Trace: string'/);
  });

  it("renders the servers' variable descriptions as markdown, one full stop each", async () => {
    const [html = ''] = await render(ROOT, 'openapi/hub-rest-api-1.6.0.yaml');
    const servers = /<div class="api-servers">[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
    expect(servers).toContain('<code>http://localhost</code>');
    expect(servers).not.toContain('`');
    expect(servers).not.toMatch(/\.\.|\.<\/span>\./);
    // localhost is the 5.4 SP1 REST page's example, and the description says so (facts N3).
    expect(servers).toMatch(/Host name or address of the hub server \(<code>localhost<\/code> is the example the 5\.4 SP1 REST page gives; replace it with your hub's address\)\.<\/span> Default <code>localhost<\/code>/);
  });

  it('says "No body." only where HTTP rules a body out (204), and "No body described." for an answer the description leaves open', async () => {
    const [html = ''] = await render(ROOT, 'openapi/hub-rest-api-1.6.0.yaml');
    const doc = parse(html) as unknown as Node5;
    const notes: Record<string, string[]> = {};
    walk(doc, (n) => {
      if (n.nodeName !== 'details' || !n.attrs?.some((a) => a.name === 'class' && a.value === 'api-response')) return;
      const status = n.attrs.find((a) => a.name === 'data-status')?.value ?? '';
      walk(n, (m) => {
        const text = m.nodeName === 'p' && m.attrs?.some((a) => a.value === 'api-media__type') ? textOf(m) : '';
        if (/^No body/.test(text)) (notes[status] ??= []).push(text);
      });
    });
    expect(new Set(notes['204'])).toEqual(new Set(['No body.']));
    expect(new Set(notes.default)).toEqual(new Set(['No body described.']));
    expect(Object.entries(notes).filter(([status, texts]) => status !== '204' && texts.includes('No body.'))).toEqual([]);
  });

  it('parts allowed values in text, so a copy or a screen reader does not run them together, and keeps a short one whole', async () => {
    const [html = ''] = await render(ROOT, 'openapi/hub-rest-api-1.6.0.yaml');
    const document = parse(html) as unknown as Node5;
    let statuses: Node5 | undefined;
    walk(document, (n) => {
      if (!statuses && n.nodeName === 'li' && textOf(n).startsWith('Allowed values:') && textOf(n).includes('"NOT READY"')) statuses = n;
    });
    expect(textOf(statuses!)).toContain('"NEW", "UPDATED", "MOVED"');
    const codes: Node5[] = [];
    walk(statuses!, (n) => n.nodeName === 'code' && codes.push(n));
    const notReady = codes.find((code) => textOf(code) === '"NOT READY"');
    expect(notReady?.attrs?.find((a) => a.name === 'class')?.value).toBe('api-facts__short');
  });

  it('shows a string value as its own text in quotes (Redoc does too): C:\\cache has one backslash, a line break stays visible', async () => {
    const [html = ''] = await render(ROOT, 'openapi/hub-rest-api-1.6.0.yaml');
    expect(textOf(parse(html) as unknown as Node5)).toContain('Example: "C:\\cache"');
    const { jsonText } = await import('../../src/openapi/schema-text.ts');
    expect([jsonText('C:\\cache'), jsonText('two\nlines\u2028'), jsonText(['C:\\cache']), jsonText(3)]).toEqual(['"C:\\cache"', '"two\\nlines\\u2028"', '["C:\\\\cache"]', '3']);
  });

  it('keeps hostile descriptions as text: no tags, handlers or javascript: links reach the page', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-hostile-'));
    await copyFile(path.join(ROOT, 'tests/fixtures/basic/openapi/mini.yaml'), path.join(dir, 'mini.yaml'));
    const { readFile } = await import('node:fs/promises');
    const text = (await readFile(path.join(dir, 'mini.yaml'), 'utf8')).replace(
      'description: A tiny API.',
      'description: "Hi <img src=x onerror=alert(1)> <script>alert(2)</script> [click](javascript:alert(3)) [ok](https://example.com)"',
    );
    await writeFile(path.join(dir, 'mini.yaml'), text);
    const [html = ''] = await render(dir, 'mini.yaml');
    expect(attrs(html, 'onerror')).toEqual([]);
    expect(html).not.toMatch(/<script|<img|javascript:/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(attrs(html, 'href')).toContain('https://example.com');
  });
});

describe('spec descriptions against the XSS corpus', () => {
  it('no payload leaves a script, handler or script URL in a rendered description; a refused URL leaves text, not a link to the page', async () => {
    const { XSS_PAYLOADS } = await import('../markdown/xss-corpus.ts');
    const { unsafeParts } = await import('../markdown/html-safety.ts');
    const render = createDescriptionRenderer();
    for (const payload of XSS_PAYLOADS) expect(unsafeParts(render(payload.markdown)), payload.name).toEqual([]);
    expect(render('[site](/docs/) [web](https://example.com) [mail](mailto:a@example.com) [bad](vbscript:x) ![i](data:image/png;base64,AA==) ![j](javascript:x)')).toBe(
      '<p><a href="/docs/">site</a> <a href="https://example.com">web</a> <a href="mailto:a@example.com">mail</a> <a>bad</a> <img src="data:image/png;base64,AA==" alt="i" /> <img alt="j" /></p>',
    );
  });
});

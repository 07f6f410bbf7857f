/** Syntax colours for the API reference's samples and JSON examples (src/openapi/highlight-code.ts). */
import { describe, it, expect, vi } from 'vitest';
import { parse } from 'parse5';
import { highlightReferences } from '../../src/openapi/highlight-code.ts';
import type { ApiExampleView, ApiOperationView, ApiReferenceModel } from '../../theme/api-model.ts';

interface Node5 {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node5[];
}

/** The text of an HTML fragment, and the tags it holds. */
function read(html: string): { text: string; tags: string[] } {
  const tags: string[] = [];
  let text = '';
  const walk = (node: Node5) => {
    if (node.nodeName === '#text') text += node.value ?? '';
    else if (!node.nodeName.startsWith('#') && !['html', 'head', 'body'].includes(node.nodeName)) tags.push(`${node.nodeName}.${node.attrs?.map((a) => `${a.name}=${a.value}`).join(',')}`);
    node.childNodes?.forEach(walk);
  };
  walk(parse(html) as unknown as Node5);
  return { text, tags };
}

const example = (value: string): ApiExampleView => ({ label: 'Example', value, generated: false });

function model(): ApiReferenceModel {
  const op = {
    anchor: 'operation/x',
    key: 'x',
    tag: 't',
    path: '/x',
    method: 'post',
    summary: '',
    descriptionHtml: '',
    deprecated: false,
    parameters: [{ name: 'q', in: 'query', required: false, deprecated: false, descriptionHtml: '', examples: [example('"a"')] }],
    requestBody: { descriptionHtml: '', required: true, contents: [{ mediaType: 'application/json', examples: [example('{\n  "name": "</code><script>alert(1)</script>"\n}')] }] },
    responses: [{ status: '200', summary: '', descriptionHtml: '', headers: [], contents: [{ mediaType: 'text/plain', examples: [example('not { json')] }] }],
    samples: [
      { lang: 'curl', label: 'curl', code: "curl -X POST 'https://api.example.com/x' \\\n  --data '{}'" },
      { lang: 'python', label: 'Python', code: "import requests\n\nrequests.post('https://api.example.com/x')" },
      { lang: 'cobol-ish', label: 'Mine', code: 'MOVE 1 TO X' },
    ],
  } as unknown as ApiOperationView;
  return { tags: [{ name: 't', anchor: 'tag/t', descriptionHtml: '', operations: [op], also: [] }], schemas: [] };
}

describe('highlighted API code', () => {
  it('colours the samples and JSON examples by class, keeping their exact text, and names every class in the page style', async () => {
    const page = model();
    await highlightReferences([page]);
    const op = page.tags[0]!.operations[0]!;
    const blocks = [...op.samples.slice(0, 2), op.parameters[0]!.examples[0]!, op.requestBody!.contents[0]!.examples[0]!].map((b) => ({
      code: 'code' in b ? b.code : b.value,
      html: b.html ?? '',
    }));
    for (const block of blocks) {
      const { text, tags } = read(block.html);
      expect(text).toBe(block.code);
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) {
        expect(tag).toMatch(/^span\.class=hl[0-9a-z]+$/);
        expect(page.codeStyle).toContain(`.api-code .${tag.slice('span.class='.length)}{color:#`);
      }
    }
    // The spec's text never becomes markup.
    expect(op.requestBody!.contents[0]!.examples[0]!.html).toContain('&lt;/code&gt;&lt;script&gt;');
    expect(page.codeStyle).toMatch(/^\.api-code \.hl0\{color:#[0-9A-Fa-f]{6}/);
    expect(page.codeStyle).toContain('html[data-theme=dark] .api-code .hl0{color:#');
    expect(page.codeStyle).toContain('@media print{html[data-theme=dark] .api-code .hl0{color:#');
    expect(page.codeStyle).not.toMatch(/["'<>]/);
  });

  it('leaves text examples and languages Shiki does not know as they are', async () => {
    const page = model();
    await highlightReferences([page]);
    const op = page.tags[0]!.operations[0]!;
    expect(op.responses[0]!.contents[0]!.examples[0]!.html).toBeUndefined();
    expect(op.samples[2]!.html).toBeUndefined();
  });

  it('colours the same on a machine too busy to tokenize a line in 500 ms (no time limit)', async () => {
    const htmlOf = (page: ApiReferenceModel) => {
      const op = page.tags[0]!.operations[0]!;
      return [...op.samples.map((s) => s.html), op.requestBody!.contents[0]!.examples[0]!.html];
    };
    const normal = model();
    await highlightReferences([normal]);
    // Every reading of the clock a second later than the one before: Shiki's default limit would
    // stop each line after its first token and give the rest the scope it was in.
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    const slow = model();
    try {
      await highlightReferences([slow]);
    } finally {
      clock.mockRestore();
    }
    expect(htmlOf(slow)).toEqual(htmlOf(normal));
    expect(slow.codeStyle).toBe(normal.codeStyle);
  });

  it('gives a page without code no style', async () => {
    const page: ApiReferenceModel = { tags: [], schemas: [] };
    await highlightReferences([page]);
    expect(page.codeStyle).toBeUndefined();
  });
});

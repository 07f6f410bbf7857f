/** micromark's EditMap.consume, replaced by one that leaves the untouched prefix in place. */
import { describe, it, expect, beforeAll } from 'vitest';
import fc from 'fast-check';
import { EditMap } from 'micromark-util-edit-map';
import { consumeKeepingPrefix, upstreamConsume } from '../../src/markdown/linear-edit-map.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/render.ts';
import { createCodeHighlighter } from '../../src/markdown/highlight.ts';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261123) });

type Events = Parameters<EditMap['consume']>[0];
const edit = fc.record({ at: fc.nat(40), remove: fc.nat(5), add: fc.array(fc.integer(), { maxLength: 4 }), before: fc.boolean() });

function applyEdits(consume: EditMap['consume'], events: number[], edits: { at: number; remove: number; add: number[]; before: boolean }[]): number[] {
  const map = new EditMap();
  const list = [...events] as unknown as Events;
  for (const e of edits) {
    const at = Math.min(e.at, events.length);
    const add = [...e.add] as unknown as Events;
    if (e.before) map.addBefore(at, e.remove, add);
    else map.add(at, e.remove, add);
  }
  consume.call(map, list);
  expect(map.map).toHaveLength(0);
  return list as unknown as number[];
}

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer({ highlighter: await createCodeHighlighter(['json']), baseUrl: '/d/', routeOfDoc: () => undefined, urlOfAsset: () => undefined });
});

describe('linear EditMap.consume', () => {
  it('is installed for the markdown renderer', () => {
    expect(EditMap.prototype.consume).toBe(consumeKeepingPrefix);
    expect(upstreamConsume).not.toBe(consumeKeepingPrefix);
  });

  it('gives the same events as upstream for any edits', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 40 }), fc.array(edit, { maxLength: 8 }), (events, edits) => {
        expect(applyEdits(consumeKeepingPrefix, events, edits)).toEqual(applyEdits(upstreamConsume, events, edits));
      }),
      { numRuns: 1000 },
    );
  });

  it('renders pages with lazy lines, quotes, lists and footnotes exactly as upstream', () => {
    const piece = fc.constantFrom('> quote\n', '> quote\ncontinued\n', '- item\n', '- item\nlazy\n', '1. one\n', '   indented\n', '[^a]: note\n', 'text[^a]\n', '## Heading\n', '\n', '| a |\n|---|\n| b |\n', '```\ncode\n```\n', ':::note\n', ':::\n', 'Setext\n---\n', 'para\n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }).map((p) => p.join('')), (markdown) => {
        const patched = render(markdown, 'a.md').html;
        EditMap.prototype.consume = upstreamConsume;
        try {
          expect(patched).toBe(render(markdown, 'a.md').html);
        } finally {
          EditMap.prototype.consume = consumeKeepingPrefix;
        }
      }),
      { numRuns: 200 },
    );
  });
});

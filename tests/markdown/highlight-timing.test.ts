/**
 * A code block's colours do not depend on how fast the machine tokenizes it: Shiki's default
 * stops a line after 500 ms of wall-clock time (src/markdown/shiki-instance.ts, TOKENIZE_OPTIONS).
 */
import { describe, it, expect, vi } from 'vitest';
import { toHtml } from 'hast-util-to-html';
import { createCodeHighlighter } from '../../src/markdown/highlight.ts';

const code = 'const response = await fetch("https://example.com/things", {\n  method: "GET",\n});\nconsole.log(response.status);';

describe('highlighting on a busy machine', () => {
  it('gives the same tree when every reading of the clock is a second after the one before', async () => {
    const normal = await createCodeHighlighter(['javascript', 'python']);
    const expected = ['javascript', 'python'].map((lang) => toHtml(normal.highlight(code, lang)));
    expect(expected[0]).toContain('https://example.com/things');
    // A highlighter of its own (its own memo); the thread's Shiki instance is shared (shiki-instance.ts).
    const slow = await createCodeHighlighter(['javascript', 'python']);
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    try {
      expect(['javascript', 'python'].map((lang) => toHtml(slow.highlight(code, lang)))).toEqual(expected);
    } finally {
      clock.mockRestore();
      normal.release();
      slow.release();
    }
  });
});

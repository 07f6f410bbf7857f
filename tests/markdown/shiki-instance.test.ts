/**
 * One Shiki instance per thread and set of languages (src/markdown/shiki-instance.ts): the
 * highlighters of successive builds share it, and an instance no longer wanted is disposed once the
 * last build holding it lets go, never while one still uses it. Before, every build and every edit
 * of a code block in `docsgen serve` made an instance that was never disposed.
 */
import { describe, it, expect, vi } from 'vitest';
import { leaseShiki, type ShikiLease } from '../../src/markdown/shiki-instance.ts';
import { createCodeHighlighter, DARK_THEME, LIGHT_THEME } from '../../src/markdown/highlight.ts';

const THEMES = [LIGHT_THEME, DARK_THEME];
/** Whether the lease's instance was disposed: Shiki then refuses to highlight. */
const disposed = async (lease: ShikiLease) => {
  const shiki = await lease.shiki;
  try {
    shiki.codeToHtml('x', { lang: 'text', theme: LIGHT_THEME });
    return false;
  } catch (error) {
    return /disposed/.test(String(error));
  }
};

describe('the Shiki instance of a thread', () => {
  it('is shared by leases of the same languages, in any order', async () => {
    const first = leaseShiki(['json', 'bash'], THEMES);
    const second = leaseShiki(['bash', 'json'], THEMES);
    expect(second.shiki).toBe(first.shiki);
    first.release();
    second.release();
    // Released but still current: the next build with these languages takes it as it is.
    const third = leaseShiki(['json', 'bash'], THEMES);
    expect(third.shiki).toBe(first.shiki);
    expect(await disposed(third)).toBe(false);
    third.release();
  });

  it('is disposed when other languages are wanted, once the last lease on it is released', async () => {
    const held = leaseShiki(['yaml'], THEMES);
    await held.shiki;
    const other = leaseShiki(['python'], THEMES);
    expect(other.shiki).not.toBe(held.shiki);
    // A build still holds the yaml instance: it keeps working.
    expect(await disposed(held)).toBe(false);
    held.release();
    held.release(); // a second release changes nothing
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await disposed(held)).toBe(true);
    expect(await disposed(other)).toBe(false);
    other.release();
  });

  it('gives the next lease a new instance when making one failed', async () => {
    const failed = leaseShiki(['no-such-language'], THEMES);
    await expect(failed.shiki).rejects.toThrow();
    failed.release();
    expect(leaseShiki(['no-such-language'], THEMES).shiki).not.toBe(failed.shiki);
  });

  it('lets a build make and release highlighters for its edits without Shiki warning of too many instances', async () => {
    const warn = vi.spyOn(console, 'warn');
    try {
      for (let edit = 0; edit < 25; edit++) {
        const highlighter = await createCodeHighlighter(['bash', 'json']);
        highlighter.highlight(`echo ${edit}`, 'bash');
        highlighter.release();
      }
      expect(warn.mock.calls.flat().join('\n')).not.toMatch(/instances have been created/);
    } finally {
      warn.mockRestore();
    }
  });
});

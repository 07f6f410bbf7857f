/**
 * Content diagrams follow the colour mode: every colour a diagram paints with has a dark-mode
 * counterpart in the diagram's own `@media (prefers-color-scheme: dark)` rules (inside an <img>,
 * that media query follows the page's color-scheme, which the theme sets with the mode). A new
 * diagram drawn with a colour that has no dark counterpart fails here instead of showing a bright
 * plate to dark-mode readers.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers.ts';

function diagrams(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '_static' ? [] : diagrams(full);
    return entry.name.endsWith('.svg') && path.basename(dir) === 'img' ? [full] : [];
  });
}

const files = diagrams(path.join(ROOT, 'content'));

describe('content diagrams', () => {
  it('exist (the check below is not vacuous)', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  for (const file of files) {
    it(`${path.relative(ROOT, file)} has a dark counterpart for each colour it paints with`, () => {
      const svg = readFileSync(file, 'utf8');
      const dark = /@media\s*\(prefers-color-scheme:\s*dark\)\s*\{([\s\S]*?)\}\s*<\/style>/.exec(svg)?.[1] ?? '';
      const painted = new Set([...svg.matchAll(/\b(fill|stroke)="(#[0-9a-fA-F]{3,8})"/g)].map((m) => `${m[1]}="${m[2]?.toLowerCase()}"`));
      const covered = new Set([...dark.matchAll(/\[(fill|stroke)="(#[0-9a-fA-F]{3,8})"\]/g)].map((m) => `${m[1]}="${m[2]?.toLowerCase()}"`));
      expect([...painted].filter((p) => !covered.has(p))).toEqual([]);
    });
  }
});

/** The progress line of `docsgen build` and `build --watch` on a terminal (src/cli.ts, progressLine). */
import { describe, it, expect } from 'vitest';
import { progressLine } from '../../src/cli.ts';

describe('progress line', () => {
  it('is left out when the output is not a terminal', () => {
    expect(progressLine({ isTTY: false }, () => undefined)).toBeUndefined();
  });

  it('rewrites one line at each new phase and every 200 pages, and ends it when the phase is done', () => {
    const written: string[] = [];
    const progress = progressLine({ isTTY: true }, (text) => void written.push(text))!;
    for (let done = 1; done <= 450; done++) progress('render', done, 450);
    progress('search', 0, 1);
    expect(written).toEqual(['\rrender: 1/450   ', '\rrender: 200/450   ', '\rrender: 400/450   ', '\rrender: 450/450   \n', '\rsearch: 0/1   ']);
  });
});

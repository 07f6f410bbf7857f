/** The folder rules as a table: where a build or the cache may go, and what docsgen may replace. */
import { describe, it, expect } from 'vitest';
import { isInside, judgeFolder, type FolderFacts, type FolderRole, type ProjectFacts } from '../../src/emit/output-guard.ts';

const project: ProjectFacts = {
  root: '/home/ana/docs',
  sources: [
    { path: '/home/ana/docs/config.yaml', label: 'config.yaml' },
    { path: '/home/ana/docs/content', label: 'content/ folder' },
    { path: '/home/ana/docs/theme', label: 'theme/ folder' },
    { path: '/home/ana/docs/openapi', label: 'openapi/ folder' },
  ],
  cacheDir: '/home/ana/docs/.docsgen/cache',
  ownDir: '/home/ana/docs/.docsgen',
  home: '/home/ana',
};

type Contents = 'missing' | 'empty' | 'marked' | 'unmarked' | 'file';

function facts(path: string, contents: Contents): FolderFacts {
  return {
    path,
    shown: path,
    kind: contents === 'missing' ? 'missing' : contents === 'file' ? 'not-a-directory' : 'directory',
    empty: contents === 'missing' || contents === 'empty',
    marked: contents === 'marked',
  };
}

// [role, real path, what is there, expected: 'ok' | 'adopt' | a fragment of the refusal]
const cases: [FolderRole, string, Contents, string][] = [
  // Where an output may never go, marker or not (a marker can be copied along with a build).
  ['output', '/', 'marked', 'root of the file system'],
  ['output', '/home/ana', 'marked', 'your home folder'],
  ['output', '/home', 'unmarked', 'contains your home folder'],
  ['output', '/home/ana/docs', 'marked', 'the project folder'],
  ['output', '/home/ana/docs/content', 'marked', "the project's content/ folder"],
  ['output', '/home/ana/docs/theme', 'empty', "the project's theme/ folder"],
  ['output', '/home/ana/docs/openapi', 'missing', "the project's openapi/ folder"],
  ['output', '/home/ana/docs/config.yaml', 'file', "the project's config.yaml"],
  ['output', '/home/ana/docs/content/guide', 'missing', "inside the project's content/ folder"],
  ['output', '/home/ana/docs/content/out', 'marked', "inside the project's content/ folder"],
  ['output', '/home/ana/docs/.docsgen/cache', 'marked', "docsgen's cache folder"],
  ['output', '/home/ana/docs/.docsgen', 'unmarked', "contains docsgen's cache folder"],
  ['output', '/home/ana/docs/.docsgen/cache/markdown', 'missing', "docsgen's cache folder"],
  // A file is never replaced by a build.
  ['output', '/home/ana/docs/NOTES.txt', 'file', 'it is a file'],
  // Folders of its own: missing, empty or marked are used; anything else is refused.
  ['output', '/home/ana/docs/out', 'missing', 'ok'],
  ['output', '/home/ana/docs/out', 'empty', 'ok'],
  ['output', '/home/ana/docs/out', 'marked', 'ok'],
  ['output', '/home/ana/docs/out', 'unmarked', 'no .docsgen-output marker'],
  ['output', '/home/ana/site', 'unmarked', 'no .docsgen-output marker'],
  ['output', '/srv/www/docs', 'marked', 'ok'],
  ['output', '/home/ana/docs-out', 'missing', 'ok'], // a sibling whose name starts like the project's
  ['output', '/home/ana/docs/contents', 'unmarked', 'no .docsgen-output marker'], // not inside content/
  // The dev server's folder inside the project's own .docsgen/ predates the marker: adopted.
  ['output', '/home/ana/docs/.docsgen/dev', 'unmarked', 'adopt'],
  ['output', '/home/ana/docs/.docsgen/dev', 'marked', 'ok'],
  // The cache: the same places are refused; its own folder is adopted when unmarked.
  ['cache', '/home/ana/docs/.docsgen/cache', 'missing', 'ok'],
  ['cache', '/home/ana/docs/.docsgen/cache', 'marked', 'ok'],
  ['cache', '/home/ana/docs/.docsgen/cache', 'unmarked', 'adopt'],
  ['cache', '/home/ana/docs/.docsgen/cache', 'file', 'it is a file'],
  ['cache', '/home/ana/docs/content/cache', 'missing', "inside the project's content/ folder"], // .docsgen → content/
  ['cache', '/home/ana', 'marked', 'your home folder'],
  ['cache', '/', 'missing', 'root of the file system'],
  ['cache', '/mnt/fast/docs-cache/cache', 'unmarked', 'no docsgen CACHEDIR.TAG'], // .docsgen linked elsewhere
  ['cache', '/mnt/fast/docs-cache/cache', 'empty', 'ok'],
];

describe('output guard', () => {
  it.each(cases)('%s %s (%s) → %s', (role, target, contents, expected) => {
    const verdict = judgeFolder(role, facts(target, contents), project);
    if (expected === 'ok' || expected === 'adopt') {
      expect(verdict).toEqual({ ok: true, adopt: expected === 'adopt' });
    } else {
      expect(verdict.ok).toBe(false);
      if (!verdict.ok) {
        expect(verdict.problem).toContain(expected);
        expect(verdict.hint.length).toBeGreaterThan(20);
      }
    }
  });

  it('adopts nothing when .docsgen is not a plain folder of the project (a symlink)', () => {
    const linked = { ...project, ownDir: undefined };
    expect(judgeFolder('output', facts('/home/ana/docs/.docsgen/dev', 'unmarked'), linked).ok).toBe(false);
    expect(judgeFolder('cache', facts('/home/ana/docs/.docsgen/cache', 'unmarked'), linked).ok).toBe(false);
  });

  it('tells an old build how to recover: delete it yourself, or choose another --out', () => {
    const verdict = judgeFolder('output', { ...facts('/home/ana/docs/out', 'unmarked'), shown: 'out' }, project);
    expect(verdict.ok ? '' : verdict.hint).toContain('rm -r out');
    expect(verdict.ok ? '' : verdict.hint).toContain('--out');
  });

  it('compares whole path segments', () => {
    expect(isInside('/a/b/c', '/a/b')).toBe(true);
    expect(isInside('/a/bc', '/a/b')).toBe(false);
    expect(isInside('/a/b', '/a/b')).toBe(false);
    expect(isInside('/a/..b', '/a')).toBe(true);
    expect(isInside('/x', '/')).toBe(true);
  });
});

/**
 * `docsgen build --watch` and `docsgen serve` apply an edit of pages' text to their output in place,
 * piece by piece: the edited pages, the search index's postings and the shards that hold the
 * changed words, the link checks of the pages concerned, the manifest's records (build). Each piece
 * has its own tests; these check them together, as a user edits: random sequences of edits (words
 * that move the index's shard cuts, headings other pages link to, links to anchors that exist or
 * not, a code block in a language the build had not loaded, a new page, a title shown by other
 * pages, the API description, config.yaml), and after every edit the output and the findings must
 * be exactly what a fresh build of the same sources writes and finds. After `build --watch`, a one-shot build must find out/ up to
 * date, which the manifest's records promise. The same sequences through one-shot builds, each
 * reusing what the last one left (out/, the manifest, the caches), must also give a fresh build's out/.
 */
import { describe, it, expect, vi } from 'vitest';
import fc from 'fast-check';
import { readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentsOf, copyFixture, copySources } from '../helpers.ts';
import { createBuilder, type BuildResult } from '../../src/build/builder.ts';
import type { FileChange } from '../../src/build/update.ts';

const PAGES = ['guide/index.md', 'guide/first.md', 'guide/second.md', 'reference/glossary.md', 'reference/deep/long.md'];
/** Words the fixture has, new words, and words sharing prefixes (neighbours in the index's sorted keys). */
const WORDS = ['hub', 'render', 'engine', 'port', 'setup', 'zebra', 'zenith', 'zen', 'alpha', 'alphabet', 'quartz', 'quasar', 'details', 'careful', 'tally'];
/** What a heading edit adds: its anchor comes and goes with it (a revert takes it away). */
const HEADINGS = ['zebra', 'alpha', 'zen'];
/** Anchors the fixture has, one it never has, and the headings' anchors. */
const ANCHORS = ['setup-steps', 'details', 'custom-id', 'hub', 'no-such-anchor', ...HEADINGS];
const NEW_PAGE = 'guide/later.md';

type Edit =
  | { kind: 'paragraph'; page: number; words: string[] }
  | { kind: 'heading'; page: number; word: string }
  | { kind: 'link'; page: number; target: number; anchor: string | undefined }
  | { kind: 'code'; page: number; lang: 'json' | 'bash' | 'python'; words: string[] }
  | { kind: 'revert'; page: number }
  | { kind: 'title'; page: number; words: string[] }
  | { kind: 'description'; page: number; words: string[] }
  | { kind: 'image'; page: number }
  | { kind: 'draft'; page: number }
  | { kind: 'category label'; words: string[] }
  | { kind: 'api summary'; words: string[] }
  | { kind: 'footer'; words: string[] }
  | { kind: 'new page'; words: string[] }
  | { kind: 'remove new page' };

const words = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 });
const page = fc.nat({ max: PAGES.length - 1 });
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('paragraph' as const), page, words }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('heading' as const), page, word: fc.constantFrom(...HEADINGS) }) },
  // A target of PAGES.length is the page a later edit adds (a broken link until then).
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('link' as const), page, target: fc.nat({ max: PAGES.length }), anchor: fc.option(fc.constantFrom(...ANCHORS), { nil: undefined }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('code' as const), page, lang: fc.constantFrom('json' as const, 'bash' as const, 'python' as const), words }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('revert' as const), page }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('title' as const), page, words }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('description' as const), page, words }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('image' as const), page }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('draft' as const), page }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('category label' as const), words }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('api summary' as const), words }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('footer' as const), words }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('new page' as const), words }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'remove new page' as const }) },
);

/** A link from one content page to another, relative to the first. */
function relativeLink(from: string, to: string, anchor: string | undefined): string {
  const rel = path.posix.relative(path.posix.dirname(from), to);
  return `${rel.startsWith('.') ? rel : `./${rel}`}${anchor ? `#${anchor}` : ''}`;
}

/** Applies an edit to the sources; returns the changes a watcher would report. */
async function apply(site: string, originals: ReadonlyMap<string, string>, edit: Edit): Promise<FileChange[]> {
  const file = (rel: string) => path.join(site, 'content', rel);
  const append = async (rel: string, text: string): Promise<FileChange[]> => {
    await writeFile(file(rel), `${await readFile(file(rel), 'utf8')}\n${text}\n`);
    return [{ path: file(rel), event: 'change' }];
  };
  const replaceLine = async (file: string, line: RegExp, replacement: string): Promise<FileChange[]> => {
    await writeFile(file, (await readFile(file, 'utf8')).replace(line, replacement));
    return [{ path: file, event: 'change' }];
  };
  /** Sets a front matter field (the first line after `---` when the page does not have it). */
  const frontMatter = async (rel: string, field: string, value: string): Promise<FileChange[]> => {
    const text = await readFile(file(rel), 'utf8');
    const line = new RegExp(`^${field}: .*$`, 'm');
    await writeFile(file(rel), line.test(text) ? text.replace(line, `${field}: ${value}`) : text.replace(/^---\n/, `---\n${field}: ${value}\n`));
    return [{ path: file(rel), event: 'change' }];
  };
  const rel = 'page' in edit ? (PAGES[edit.page] as string) : NEW_PAGE;
  switch (edit.kind) {
    case 'paragraph':
      return append(rel, `Words added: ${edit.words.join(' ')}.`);
    case 'heading':
      return append(rel, `## ${edit.word}\n\nUnder the new heading.`);
    case 'link':
      return append(rel, `See [the other page](${relativeLink(rel, PAGES[edit.target] ?? NEW_PAGE, edit.anchor)}).`);
    case 'code':
      return append(rel, `\`\`\`${edit.lang}\n${edit.lang === 'json' ? `{ "${edit.words[0]}": 1 }` : `echo ${edit.words.join(' ')}`}\n\`\`\``);
    case 'revert':
      await writeFile(file(rel), originals.get(rel) as string);
      return [{ path: file(rel), event: 'change' }];
    case 'title':
      return frontMatter(rel, 'title', edit.words.join(' '));
    case 'description':
      return frontMatter(rel, 'description', edit.words.join(' '));
    case 'draft':
      return frontMatter(rel, 'draft', 'true');
    case 'image':
      // An image no page showed before: the build copies it only once a page shows it.
      return append(rel, `![Shown later](${relativeLink(rel, 'guide/img/later.svg', undefined)})`);
    case 'category label':
      return replaceLine(path.join(site, 'content/reference/_category_.yaml'), /^label: .*$/m, `label: ${edit.words.join(' ')}`);
    case 'api summary':
      return replaceLine(path.join(site, 'openapi/mini.yaml'), /^( +summary: ).*$/m, `$1${edit.words.join(' ')}`);
    case 'footer':
      // Every page shows the footer: no page of the last build may be reused as it was.
      return replaceLine(path.join(site, 'config.yaml'), /^( +copyright: ).*$/m, `$1Copyright ${edit.words.join(' ')}`);
    case 'new page': {
      const existed = await stat(file(NEW_PAGE)).then(() => true, () => false);
      await writeFile(file(NEW_PAGE), `---\ntitle: Later ${edit.words[0]}\n---\n\nA page added later about ${edit.words.join(' ')}. Back to [the guide](./index.md#setup-steps).\n`);
      return [{ path: file(NEW_PAGE), event: existed ? 'change' : 'add' }];
    }
    case 'remove new page': {
      const existed = await unlink(file(NEW_PAGE)).then(() => true, () => false);
      return existed ? [{ path: file(NEW_PAGE), event: 'unlink' }] : [];
    }
  }
}

/** The findings of a build, with file paths relative to the site (the reference is built in a copy). */
function findingsOf(result: BuildResult, site: string): string[] {
  return [...result.findings, ...result.warnings]
    .map(({ kind, message, position, severity }) => JSON.stringify({ kind, severity, message: message.replaceAll(site, '<site>'), file: path.relative(site, position.file), line: position.line, column: position.column }))
    .sort();
}

type Mode = 'build' | 'serve';

/**
 * What a first build with an empty cache writes and finds for the same sources, in a private copy:
 * a one-shot `docsgen build`'s out/, or the dev server's first output.
 */
async function freshBuild(site: string, mode: Mode): Promise<{ files: Map<string, string>; findings: string[] }> {
  const copy = await copySources(site);
  try {
    const result = await createBuilder({ configFile: path.join(copy, 'config.yaml'), mode, cache: true }).full();
    return { files: await contentsOf(result.outDir), findings: findingsOf(result, copy) };
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

const steps = fc.array(fc.array(editArb, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 5 });

/** Run first, as random sequences seldom make them. */
const EXAMPLES: [Edit[][]][] = [
  // An edit written in place, then one that builds in full.
  [[[{ kind: 'paragraph', page: 2, words: ['zebra', 'quasar'] }], [{ kind: 'title', page: 1, words: ['alpha'] }]]],
  // A page whose link reads an anchor that an edit of the other page takes away: its verdict must be found again.
  [[[{ kind: 'heading', page: 2, word: 'zebra' }], [{ kind: 'link', page: 1, target: 2, anchor: 'zebra' }], [{ kind: 'revert', page: 2 }]]],
  // A link to a page that comes, then goes.
  [[[{ kind: 'link', page: 0, target: PAGES.length, anchor: undefined }], [{ kind: 'new page', words: ['zen'] }], [{ kind: 'remove new page' }]]],
];

/**
 * Builds a copy of the fixture, applies the steps (each step one or two edits: a watcher reports the
 * changes of one save, or of several at once) and builds after each: through the builder's `update`
 * (`build --watch`, `serve`), or with a new one-shot build that reuses what the last one left
 * (`build`: out/, its manifest and the caches). After each step it compares what was written and
 * found with a fresh build of the same sources. Returns the output folder and how each step was built.
 */
async function editInTurn(mode: Mode | 'build --watch', site: string, edits: Edit[][]): Promise<{ outDir: string; kinds: string[] }> {
  await writeFile(path.join(site, 'content/guide/img/later.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>');
  const originals = new Map(await Promise.all(PAGES.map(async (rel) => [rel, await readFile(path.join(site, 'content', rel), 'utf8')] as const)));
  const configFile = path.join(site, 'config.yaml');
  const builder = createBuilder({ configFile, mode: mode === 'serve' ? 'serve' : 'build', cache: true, watch: mode === 'build --watch' });
  let { outDir } = await builder.full();
  const kinds: string[] = [];
  for (const step of edits) {
    // One change a file, the last, as a watcher reports a file saved twice.
    const changes = new Map<string, FileChange>();
    for (const edit of step) for (const change of await apply(site, originals, edit)) changes.set(change.path, change);
    if (changes.size === 0) continue;
    const { kind, result } = mode === 'build' ? { kind: 'one-shot', result: await createBuilder({ configFile, mode, cache: true }).full() } : await builder.update([...changes.values()]);
    kinds.push(kind);
    outDir = result.outDir;
    const reference = await freshBuild(site, mode === 'serve' ? 'serve' : 'build');
    expect(await contentsOf(outDir), JSON.stringify(step)).toEqual(reference.files);
    expect(findingsOf(result, site), JSON.stringify(step)).toEqual(reference.findings);
  }
  return { outDir, kinds };
}

/**
 * Runs `check` on a fresh copy of the fixture for the examples and random sequences of steps. A
 * fixed seed keeps CI reproducible; FC_SEED and EDIT_RUNS (CI runs 15) explore other sequences.
 */
async function forEverySequence(check: (site: string, edits: Edit[][]) => Promise<void>): Promise<void> {
  const warn = vi.spyOn(console, 'warn');
  try {
    await fc.assert(
      fc.asyncProperty(steps, async (edits) => {
        const site = await copyFixture('basic');
        try {
          await check(site, edits);
        } finally {
          await rm(site, { recursive: true, force: true });
        }
      }),
      { numRuns: Number(process.env.EDIT_RUNS ?? 15), seed: Number(process.env.FC_SEED ?? 20261127), endOnFailure: true, examples: EXAMPLES },
    );
    // Shiki warns once a thread has made ten instances: the builds of one process share one.
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/instances have been created/);
  } finally {
    warn.mockRestore();
  }
}

describe('after any sequence of edits', () => {
  it('docsgen build --watch leaves out/ byte for byte as a one-shot build writes it, and a later one-shot build finds it up to date', async () => {
    const kinds = new Set<string>();
    await forEverySequence(async (site, edits) => {
      const { outDir, kinds: built } = await editInTurn('build --watch', site, edits);
      built.forEach((kind) => kinds.add(kind));
      // In this process, as the watch ran here: a build's cache keys name the code that made it.
      const settled = (await stat(outDir)).ino;
      await createBuilder({ configFile: path.join(site, 'config.yaml'), mode: 'build', cache: true }).full();
      expect((await stat(outDir)).ino, 'a one-shot build after the edits found out/ out of date').toBe(settled);
    });
    // Both ways an edit is built were taken: written in place, and built in full.
    expect([...kinds].sort()).toEqual(['full', 'pages']);
  }, 600_000);

  it('docsgen build, run again after each step, leaves out/ byte for byte as a build with no previous out/ and no cache writes it', async () => {
    await forEverySequence(async (site, edits) => {
      await editInTurn('build', site, edits);
    });
  }, 600_000);

  it("docsgen serve's output is what the dev server's first build of the same sources writes", async () => {
    const kinds = new Set<string>();
    await forEverySequence(async (site, edits) => {
      (await editInTurn('serve', site, edits)).kinds.forEach((kind) => kinds.add(kind));
    });
    expect([...kinds].sort()).toEqual(['full', 'pages']);
  }, 600_000);
});

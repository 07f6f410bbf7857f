/**
 * Output safety through the CLI: a build never deletes what docsgen did not make. Every case runs
 * in a private copy: `<tmp>/site` is the project, so even `--out ..` stays inside a folder the
 * test created.
 */
import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { cp, lstat, mkdir, mkdtemp, readFile, readdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { BIN, ROOT, runCli } from '../helpers.ts';

async function project(): Promise<{ tmp: string; site: string; config: string }> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'docsgen-safety-'));
  const site = path.join(tmp, 'site');
  await cp(path.join(ROOT, 'tests/fixtures/basic'), site, { recursive: true, filter: (src) => !src.includes(`${path.sep}out`) });
  await writeFile(path.join(site, 'NOTES.txt'), 'my notes');
  return { tmp, site, config: path.join(site, 'config.yaml') };
}

/** Every file, folder and link under `dir` with its contents, to prove that nothing changed. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const rel of (await readdir(dir, { recursive: true })).sort()) {
    const file = path.join(dir, rel);
    const info = await lstat(file);
    if (info.isSymbolicLink()) result[rel] = `link → ${await readlink(file)}`;
    else if (info.isDirectory()) result[rel] = 'folder';
    else result[rel] = createHash('sha256').update(await readFile(file)).digest('hex');
  }
  return result;
}

function expectRefusal(result: { code: number; stderr: string }, fragment: string): void {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toContain('error: refusing to use this as the');
  expect(result.stderr).toContain(fragment);
  expect(result.stderr).toMatch(/\n {2}hint: /);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('a build never deletes what docsgen did not make', () => {
  // [--out relative to the project, what the message says]
  const refused: [string, string][] = [
    ['content', "the project's content/ folder"],
    ['.', 'the project folder'],
    ['..', 'contains the project folder'],
    ['NOTES.txt', 'it is a file'],
    ['content/built', "inside the project's content/ folder"],
    ['theme', "the project's theme/ folder"],
    ['openapi', "the project's openapi/ folder"],
    ['config.yaml', "the project's config.yaml"],
    ['.docsgen', "contains docsgen's cache folder"],
  ];

  it.each(refused)('--out %s: exit 2, a clear message, nothing changed', async (out, fragment) => {
    const { tmp, site, config } = await project();
    const before = await snapshot(tmp);
    expectRefusal(await runCli(['build', '--config', config, '--out', out], { cwd: site }), fragment);
    expect(await snapshot(tmp)).toEqual(before);
    await rm(tmp, { recursive: true, force: true });
  });

  it('refuses the home folder (HOME pointed at a folder of the test)', async () => {
    const { tmp, config } = await project();
    const home = path.join(tmp, 'home');
    await mkdir(home);
    await writeFile(path.join(home, '.bashrc'), 'export A=1');
    const before = await snapshot(tmp);
    expectRefusal(await runCli(['build', '--config', config, '--out', home], { env: { HOME: home } }), 'your home folder');
    expect(await snapshot(tmp)).toEqual(before);
    await rm(tmp, { recursive: true, force: true });
  });

  it('refuses a non-empty folder without the marker, and says how to recover an old build', async () => {
    const { tmp, site, config } = await project();
    const out = path.join(site, 'out');
    await mkdir(out);
    await writeFile(path.join(out, 'index.html'), 'built by an older docsgen, or not at all');
    const before = await snapshot(tmp);
    const result = await runCli(['build', '--config', config], { cwd: site });
    expectRefusal(result, 'no .docsgen-output marker');
    expect(result.stderr).toContain('rm -r out');
    expect(await snapshot(tmp)).toEqual(before);
    // The recovery the message names: delete it, build again.
    await rm(out, { recursive: true });
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    await rm(tmp, { recursive: true, force: true });
  });

  it.each([['build'], ['serve']])('%s --out "" is a usage error that names the empty folder, and nothing is made', async (command) => {
    const { tmp, site, config } = await project();
    const before = await snapshot(tmp);
    const result = await runCli([command, '--config', config, '--out', ''], { cwd: site });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('the folder is empty; name one, e.g. --out out');
    expect(await snapshot(tmp)).toEqual(before);
    await rm(tmp, { recursive: true, force: true });
  });

  it('a build copied into a repository checkout (marker and all) does not hand the checkout over: .git, CNAME and the rest stay', async () => {
    const { tmp, site, config } = await project();
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    const pages = path.join(tmp, 'gh-pages');
    await cp(path.join(site, 'out'), pages, { recursive: true });
    await mkdir(path.join(pages, '.git'));
    await writeFile(path.join(pages, '.git/HEAD'), 'ref: refs/heads/gh-pages\n');
    await writeFile(path.join(pages, 'CNAME'), 'docs.example.com\n');
    const before = await snapshot(pages);
    expectRefusal(await runCli(['build', '--config', config, '--out', pages], { cwd: site }), "it holds a .git folder, so it is a repository's working tree");
    expect(await snapshot(pages)).toEqual(before);
    await rm(tmp, { recursive: true, force: true });
  });

  it('with --format json the refusal is JSON and the exit code is still 2', async () => {
    const { tmp, config } = await project();
    const result = await runCli(['build', '--config', config, '--out', path.join(tmp, 'site', 'content'), '--format', 'json']);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, error: expect.stringContaining('refusing') });
    await rm(tmp, { recursive: true, force: true });
  });

  it('marks every build, replaces an empty or marked folder, and leaves nothing beside it', async () => {
    const { tmp, site, config } = await project();
    const out = path.join(tmp, 'published');
    await mkdir(out);
    expect((await runCli(['build', '--config', config, '--out', out])).code).toBe(0);
    expect(await readFile(path.join(out, '.docsgen-output'), 'utf8')).toMatch(/^docsgen-output 1\n/);
    await writeFile(path.join(site, 'content/guide/first.md'), (await readFile(path.join(site, 'content/guide/first.md'), 'utf8')).replace('Some text', 'Second build'));
    expect((await runCli(['build', '--config', config, '--out', out])).code).toBe(0);
    expect(await readFile(path.join(out, 'guide/first/index.html'), 'utf8')).toContain('Second build');
    expect((await readdir(tmp)).sort()).toEqual(['published', 'site']);
    await rm(tmp, { recursive: true, force: true });
  });

  it('follows symlinks: a link to content/ is refused, a link to a build keeps its link', async () => {
    const { tmp, site, config } = await project();
    await symlink(path.join(site, 'content'), path.join(site, 'out'));
    const before = await snapshot(tmp);
    expectRefusal(await runCli(['build', '--config', config]), "the project's content/ folder");
    expect(await snapshot(tmp)).toEqual(before);

    await rm(path.join(site, 'out'));
    const target = path.join(tmp, 'www');
    await mkdir(target);
    await symlink(target, path.join(site, 'out'));
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    expect((await lstat(path.join(site, 'out'))).isSymbolicLink()).toBe(true);
    expect(await readFile(path.join(target, 'index.html'), 'utf8')).toContain('<html');
    expect((await readdir(tmp)).sort()).toEqual(['site', 'www']);
    await rm(tmp, { recursive: true, force: true });
  });

  it('refuses an out/ that links to a folder not there (a mount not mounted), keeping the link and writing nothing', async () => {
    const { tmp, site, config } = await project();
    const target = path.join(tmp, 'not-mounted-yet');
    await symlink(target, path.join(site, 'out'));
    const before = await snapshot(tmp);
    const result = await runCli(['build', '--config', config]);
    expectRefusal(result, `a symbolic link to ${target}, which does not exist`);
    expect(result.stderr).toContain(`hint: make ${target} (or mount it), or remove the link`);
    expect(await snapshot(tmp)).toEqual(before);
    expect(await readlink(path.join(site, 'out'))).toBe(target);
    await rm(tmp, { recursive: true, force: true });
  });

  it('guards the cache folder: .docsgen linked to content/ or a file in its place is refused', async () => {
    const { tmp, site, config } = await project();
    await symlink(path.join(site, 'content'), path.join(site, '.docsgen'));
    const before = await snapshot(tmp);
    expectRefusal(await runCli(['build', '--config', config]), "inside the project's content/ folder");
    expectRefusal(await runCli(['check', '--config', config]), 'cache folder');
    expect(await snapshot(tmp)).toEqual(before);

    await rm(path.join(site, '.docsgen'));
    await mkdir(path.join(site, '.docsgen'));
    await writeFile(path.join(site, '.docsgen/cache'), 'a file');
    expectRefusal(await runCli(['build', '--config', config]), 'it is a file');
    expect(await readFile(path.join(site, '.docsgen/cache'), 'utf8')).toBe('a file');
    await rm(tmp, { recursive: true, force: true });
  });

  it("adopts the project's own unmarked cache (made before markers) and tags it, reading none of what it did not make there", async () => {
    const { tmp, site, config } = await project();
    const cache = path.join(site, '.docsgen/cache');
    await mkdir(cache, { recursive: true });
    await writeFile(path.join(cache, 'config-0123.json'), '{}');
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    expect(await readFile(path.join(cache, 'CACHEDIR.TAG'), 'utf8')).toMatch(/^Signature: 8a477f597d28d172789f06886806bc55\n# docsgen cache/);
    expect(await readdir(cache)).not.toContain('config-0123.json');
    await rm(tmp, { recursive: true, force: true });
  });

  it('reads no cache that came with the project (committed, copied, unpacked): a forged rendered page is not published', async () => {
    const { tmp, site, config } = await project();
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    // The project with its cache, as a pull request can commit it: one page's rendered HTML forged.
    const clone = path.join(tmp, 'clone');
    await cp(site, clone, { recursive: true, filter: (src) => !src.endsWith(`${path.sep}out`) });
    const markdown = path.join(clone, '.docsgen/cache/markdown');
    let forged = 0;
    for (const rel of await readdir(markdown, { recursive: true })) {
      const file = path.join(markdown, rel);
      if (!rel.endsWith('.json')) continue;
      const text = await readFile(file, 'utf8');
      if (!text.includes('The guide starts here.')) continue;
      await writeFile(file, text.replace('The guide starts here.', 'The guide starts here.<script src=\\"/docs/pwn.js\\"></script>'));
      forged++;
    }
    expect(forged).toBeGreaterThan(0);
    expect((await runCli(['build', '--config', path.join(clone, 'config.yaml')])).code).toBe(0);
    const page = await readFile(path.join(clone, 'out/guide/index.html'), 'utf8');
    expect(page).toContain('The guide starts here.');
    expect(page).not.toContain('pwn.js');
    // The cache made where it is stays trusted: the next build writes nothing.
    const inode = (await lstat(path.join(clone, 'out/guide/index.html'))).ino;
    expect((await runCli(['build', '--config', path.join(clone, 'config.yaml')])).code).toBe(0);
    expect((await lstat(path.join(clone, 'out/guide/index.html'))).ino).toBe(inode);
    await rm(tmp, { recursive: true, force: true });
  }, 120_000);

  it('leftover folders committed with a project (decoys with links) reach nothing outside out/, in build, check and serve --out', async () => {
    const { tmp, site, config } = await project();
    const victim = path.join(tmp, 'victim');
    await mkdir(path.join(victim, 'important'), { recursive: true });
    await writeFile(path.join(victim, 'important/data.txt'), 'precious');
    await writeFile(path.join(victim, 'notes.txt'), 'precious');
    await writeFile(path.join(victim, 'script.sh'), 'original');
    const before = await snapshot(victim);
    // As a pull request can commit them: a "saved copy" of out/ with a link in it, a journal that
    // deletes through that link, a staging folder that moves a file through one; pids long gone.
    const old = path.join(site, '.docsgen-old-out-4000000.1-a-00');
    const journal = path.join(site, '.docsgen-tmp-out-4000000.1-b-00');
    const mover = path.join(site, '.docsgen-tmp-out-4000000.1-c-00');
    for (const dir of [old, journal, path.join(mover, 'lnk')]) await mkdir(dir, { recursive: true });
    await writeFile(path.join(old, '.docsgen-output'), 'docsgen-output 1\n');
    await symlink(victim, path.join(old, 'lnk'));
    await writeFile(path.join(journal, '.docsgen-apply.json'), JSON.stringify({ format: 1, stale: ['lnk/notes.txt'], clear: ['lnk/important'] }));
    await writeFile(path.join(mover, 'lnk/script.sh'), 'echo attacker code');
    await writeFile(path.join(mover, '.docsgen-apply.json'), JSON.stringify({ format: 1, stale: [] }));
    expect((await runCli(['check', '--config', config])).code).toBe(0);
    for (let i = 0; i < 2; i++) expect((await runCli(['build', '--config', config])).code).toBe(0);
    expect(await snapshot(victim)).toEqual(before);
    expect(await readFile(path.join(site, 'out/guide/first/index.html'), 'utf8')).toMatch(/^<!doctype html>/);
    // An out/ that holds a link, with a journal beside it: serve --out recovers before serving.
    await symlink(victim, path.join(site, 'out/lnk'));
    await mkdir(journal, { recursive: true });
    await writeFile(path.join(journal, '.docsgen-apply.json'), JSON.stringify({ format: 1, stale: ['lnk/notes.txt', 'lnk/important/data.txt'] }));
    const serve = spawn(process.execPath, [BIN, 'serve', '--out', path.join(site, 'out'), '--port', '0'], { cwd: site });
    await new Promise<void>((resolve, reject) => {
      let said = '';
      serve.stdout.on('data', (d: Buffer) => (said += d.toString()).includes('serving http') && resolve());
      serve.on('close', (code) => reject(new Error(`serve --out ended (${code}) before serving: ${said}`)));
    });
    serve.kill();
    expect(await snapshot(victim)).toEqual(before);
    await rm(tmp, { recursive: true, force: true });
  }, 120_000);

  it.each([['build'], ['check'], ['serve']])('%s: a committed journal beside an unmarked out/ deletes and moves nothing, and a decoy copy is not restored as out/', async (command) => {
    const { tmp, site, config } = await project();
    const out = path.join(site, 'out');
    await mkdir(path.join(out, 'sub'), { recursive: true });
    for (const [rel, text] of [['important.txt', 'precious'], ['keep.txt', 'also'], ['sub/s.txt', 's']] as const) await writeFile(path.join(out, rel), text);
    // No links at all: a staging folder and its journal as a pull request can commit them, pid long gone.
    const decoy = path.join(site, '.docsgen-tmp-out-4000000.1-abc123-abcdef');
    await mkdir(decoy);
    await writeFile(path.join(decoy, '.docsgen-apply.json'), JSON.stringify({ format: 1, stale: ['keep.txt'], clear: ['important.txt', 'sub'] }));
    await writeFile(path.join(decoy, 'evil.html'), 'INJECTED');
    const state = async () => ({ out: await snapshot(out), decoy: await snapshot(decoy) });
    const before = await state();
    const run = async () => {
      if (command !== 'serve') return runCli([command, '--config', config], { cwd: site });
      // serve --out recovers a swap cut short before serving (or refusing) the folder.
      const serve = spawn(process.execPath, [BIN, 'serve', '--out', out, '--port', '0'], { cwd: site });
      await new Promise<void>((resolve) => {
        serve.stdout.on('data', (d: Buffer) => d.toString().includes('serving http') && resolve());
        serve.on('close', () => resolve());
      });
      serve.kill();
      return undefined;
    };
    const result = await run();
    if (command === 'build') expectRefusal(result!, 'has no .docsgen-output marker');
    expect(await state()).toEqual(before);

    // With out/ gone, a "saved copy" without the marker is not renamed into its place.
    await rm(out, { recursive: true });
    const copy = path.join(site, '.docsgen-old-out-4000000.1-abc124-abcdef');
    await mkdir(copy);
    await writeFile(path.join(copy, 'index.html'), 'INJECTED');
    await run();
    expect(await readFile(path.join(copy, 'index.html'), 'utf8')).toBe('INJECTED');
    if (command === 'build') expect(await readFile(path.join(out, 'index.html'), 'utf8')).toMatch(/^<!doctype html>/);
    else expect(await readdir(site)).not.toContain('out');
    await rm(tmp, { recursive: true, force: true });
  }, 60_000);

  it('docsgen check never judges or replaces out/: an unmarked out/ is left alone', async () => {
    const { tmp, site, config } = await project();
    await mkdir(path.join(site, 'out'));
    await writeFile(path.join(site, 'out/mine.txt'), 'mine');
    expect((await runCli(['check', '--config', config])).code).toBe(0);
    expect(await readFile(path.join(site, 'out/mine.txt'), 'utf8')).toBe('mine');
    await rm(tmp, { recursive: true, force: true });
  });
});

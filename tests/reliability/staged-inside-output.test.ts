/**
 * Builds staged inside out/ and moved in place, where out/ cannot be swapped:
 * - out/ as a mount point (a Docker volume, a bind mount), which cannot be renamed. Each command
 *   runs in its own user and mount namespace (`unshare -rm`), where out/ is a bind mount of a
 *   separate "volume" folder: no root needed, and the mount ends with the command, so a failed
 *   test leaves nothing mounted;
 * - out/ in a folder its user may not write (a web root such as /var/www/html). The commands run
 *   in a user namespace without a mapping (`unshare -U`), where even root is refused a folder of
 *   mode 0555 but may write its own 0755 out/.
 */
import { describe, it, expect, afterEach } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { access, chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BIN, contentsOf, copyFixture, fullBuildContents } from '../helpers.ts';

const MOUNT_THEN_RUN = 'volume=$1; out=$2; shift 2; mount --bind "$volume" "$out" && exec "$@"';

/** Whether this machine lets a process mount in a namespace of its own (Linux, user namespaces on). */
function canMountInNamespace(): boolean {
  const probe = path.join(os.tmpdir(), `docsgen-mount-probe-${process.pid}`);
  spawnSync('mkdir', ['-p', `${probe}/a`, `${probe}/b`]);
  const result = spawnSync('unshare', ['-rm', 'sh', '-c', MOUNT_THEN_RUN, 'sh', `${probe}/a`, `${probe}/b`, 'true']);
  spawnSync('rm', ['-rf', probe]);
  return result.status === 0;
}

const mountable = canMountInNamespace();

interface MountedSite {
  site: string;
  config: string;
  /** What the mount shows as out/. */
  volume: string;
}

/** The fixture with an empty out/ to mount on, and the volume; both removed after the test. */
async function mountedSite(): Promise<MountedSite> {
  const site = await copyFixture('basic');
  await mkdir(path.join(site, 'out'));
  const volume = await mkdtemp(path.join(os.tmpdir(), 'docsgen-volume-'));
  made.push(site, volume);
  return { site, config: path.join(site, 'config.yaml'), volume };
}

function startInMount(s: MountedSite, args: string[], env: Record<string, string> = {}): { child: ChildProcess; done: Promise<{ code: number | null; stderr: string }> } {
  const child = spawn('unshare', ['-rm', 'sh', '-c', MOUNT_THEN_RUN, 'sh', s.volume, path.join(s.site, 'out'), process.execPath, BIN, ...args, '--config', s.config], {
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stderr })));
  return { child, done };
}

async function runInMount(s: MountedSite, command: 'build' | 'check'): Promise<void> {
  const { code, stderr } = await startInMount(s, [command]).done;
  expect(code, stderr).toBe(0);
}

const leftovers = async (dir: string) => (await readdir(dir)).filter((name) => name.startsWith('.docsgen-tmp-') || name.startsWith('.docsgen-old-'));

/** A build paused at `moment` of moving its files in (DOCSGEN_TEST_PAUSE_SWAP), then killed there. */
async function killInMountAt(s: MountedSite, moment: 'before-renames' | 'between-renames'): Promise<void> {
  const pauseFile = path.join(os.tmpdir(), `docsgen-pause-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const run = startInMount(s, ['build'], { DOCSGEN_TEST_PAUSE_SWAP: `${moment}:${pauseFile}` });
  running.add(run.child);
  let ended = false;
  void run.done.then(() => (ended = true));
  while (!ended && !(await access(pauseFile).then(() => true, () => false))) await new Promise((resolve) => setTimeout(resolve, 20));
  if (ended) throw new Error(`the build ended before reaching ${moment}: ${(await run.done).stderr}`);
  run.child.kill('SIGKILL');
  await run.done;
  running.delete(run.child);
  await rm(pauseFile, { force: true });
}

const running = new Set<ChildProcess>();
const made: string[] = [];

afterEach(async () => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
  // A folder a test made read-only gets its mode back first: without it, its files cannot be removed.
  await Promise.all(made.splice(0).map((dir) => chmod(dir, 0o755).catch(() => undefined).then(() => rm(dir, { recursive: true, force: true }))));
});

/** A static file that the site has as a file (first build) and then as a folder. */
const STATIC_FILE = 'content/_static/downloads';

async function mountedSiteWithStaticFile(): Promise<MountedSite> {
  const s = await mountedSite();
  await writeFile(path.join(s.site, STATIC_FILE), 'one file\n');
  return s;
}

/** The static file becomes a folder: out/ cannot take that file by file (a file stands where a folder goes). */
async function turnStaticFileIntoFolder(site: string): Promise<void> {
  await rm(path.join(site, STATIC_FILE));
  await mkdir(path.join(site, STATIC_FILE));
  await writeFile(path.join(site, STATIC_FILE, 'notes.txt'), 'a file in a folder\n');
}

describe.skipIf(!mountable)('a mounted out/', () => {
  it('is built into cold, then in place after an edit, with what a build into a plain folder makes', async () => {
    const s = await mountedSite();
    await runInMount(s, 'build');
    expect(await contentsOf(s.volume)).toEqual(await fullBuildContents(s.site));
    // The build went through the mount: the folder under it was never written.
    expect(await readdir(path.join(s.site, 'out'))).toEqual([]);

    const favicon = path.join(s.volume, 'favicon.svg');
    const faviconBefore = (await stat(favicon)).ino;
    const first = path.join(s.site, 'content/guide/first.md');
    await writeFile(first, (await readFile(first, 'utf8')).replace('Some text', 'Changed text'));
    await runInMount(s, 'build');
    const after = await contentsOf(s.volume);
    expect(after.get('guide/first/index.html')).toContain('Changed text');
    expect(after).toEqual(await fullBuildContents(s.site));
    expect((await stat(favicon)).ino).toBe(faviconBefore);
    expect(await leftovers(s.volume)).toEqual([]);
  }, 60_000);

  it('is emptied and filled again when its files cannot be replaced one by one (a file became a folder)', async () => {
    const s = await mountedSiteWithStaticFile();
    await runInMount(s, 'build');
    expect(await readFile(path.join(s.volume, 'downloads'), 'utf8')).toBe('one file\n');
    await turnStaticFileIntoFolder(s.site);
    await runInMount(s, 'build');
    const after = await contentsOf(s.volume);
    expect(after.get('downloads/notes.txt')).toBe('a file in a folder\n');
    expect(after).toEqual(await fullBuildContents(s.site));
    expect(await leftovers(s.volume)).toEqual([]);
  }, 60_000);

  it('keeps the previous build whole when a build is killed before it moves anything in', async () => {
    const s = await mountedSiteWithStaticFile();
    await runInMount(s, 'build');
    const before = await contentsOf(s.volume);
    await turnStaticFileIntoFolder(s.site);
    await killInMountAt(s, 'before-renames');
    expect(await leftovers(s.volume)).toHaveLength(1);
    await runInMount(s, 'check');
    expect(await leftovers(s.volume)).toEqual([]);
    expect(await contentsOf(s.volume)).toEqual(before);
  }, 60_000);

  it('completes, at the next run, a build killed after emptying out/ and moving half its files in', async () => {
    const s = await mountedSiteWithStaticFile();
    await runInMount(s, 'build');
    await turnStaticFileIntoFolder(s.site);
    await killInMountAt(s, 'between-renames');
    const [staging] = await leftovers(s.volume);
    expect(await readdir(path.join(s.volume, staging!))).toContain('.docsgen-apply.json');
    await runInMount(s, 'check');
    expect(await leftovers(s.volume)).toEqual([]);
    expect(await contentsOf(s.volume)).toEqual(await fullBuildContents(s.site));
  }, 60_000);
});

/** Whether a process in a user namespace of its own is refused a folder of mode 0555 (Linux). */
async function canBeRefusedWrites(): Promise<boolean> {
  const probe = await mkdtemp(path.join(os.tmpdir(), 'docsgen-refuse-probe-'));
  await chmod(probe, 0o555);
  const result = spawnSync('unshare', ['-U', 'sh', '-c', 'mkdir "$1/x"', 'sh', probe]);
  await chmod(probe, 0o755);
  await rm(probe, { recursive: true, force: true });
  return result.error === undefined && result.status !== 0 && result.stderr.toString().includes('ermission denied');
}

const refusable = await canBeRefusedWrites();

function buildRefused(site: string, outDir: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn('unshare', ['-U', process.execPath, BIN, 'build', '--config', path.join(site, 'config.yaml'), '--out', outDir]);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

/**
 * The fixture and a web root folder (`www`, mode 0555 once `withOut` has made `www/html` or not);
 * both removed after the test.
 */
async function siteWithRefusingParent(withOut: boolean): Promise<{ site: string; www: string; html: string }> {
  const site = await copyFixture('basic');
  const www = await mkdtemp(path.join(os.tmpdir(), 'docsgen-www-'));
  made.push(site, www);
  const html = path.join(www, 'html');
  if (withOut) await mkdir(html);
  await chmod(www, 0o555);
  return { site, www, html };
}

describe.skipIf(!refusable)('an out/ in a folder its user may not write', () => {
  it('is built into in place, cold and after an edit, writing nothing beside it', async () => {
    const { site, www, html } = await siteWithRefusingParent(true);
    let result = await buildRefused(site, html);
    expect(result.code, result.stderr).toBe(0);
    expect(await contentsOf(html)).toEqual(await fullBuildContents(site));
    const first = path.join(site, 'content/guide/first.md');
    await writeFile(first, (await readFile(first, 'utf8')).replace('Some text', 'Changed text'));
    result = await buildRefused(site, html);
    expect(result.code, result.stderr).toBe(0);
    expect(await contentsOf(html)).toEqual(await fullBuildContents(site));
    expect(await readdir(www)).toEqual(['html']);
    expect(await leftovers(html)).toEqual([]);
  }, 60_000);

  it('still says which folder refuses when out/ does not exist to take the build', async () => {
    const { site, www, html } = await siteWithRefusingParent(false);
    const result = await buildRefused(site, html);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`you may not write in ${www} (permission denied)`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(await readdir(www)).toEqual([]);
  }, 60_000);
});

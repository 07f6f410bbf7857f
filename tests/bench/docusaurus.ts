/**
 * The side-by-side peer (`npm run bench -- --docusaurus`): the same corpus built by Docusaurus 3.10
 * with `@docusaurus/faster` (Rspack, SWC, Lightning CSS). Docusaurus is not a project dependency:
 * it is installed once into a temporary folder, and each corpus is converted into a Docusaurus site
 * beside it (docs at the site root, the same `_category_.yaml` files, markdown read as CommonMark
 * with admonitions, the same code languages highlighted) and built with `docusaurus build`.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureCommand, type Measured } from './measure.ts';

const PREFIX = path.join(os.tmpdir(), 'docsgen-docusaurus');
const PACKAGES = ['@docusaurus/core@3.10', '@docusaurus/preset-classic@3.10', '@docusaurus/faster@3.10', 'react@18', 'react-dom@18'];

function run(command: string, args: string[], cwd?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });
}

/** Installs Docusaurus into the temporary folder unless it is there already; returns its CLI. */
export async function installDocusaurus(): Promise<string> {
  const bin = path.join(PREFIX, 'node_modules/@docusaurus/core/bin/docusaurus.mjs');
  try {
    await stat(bin);
  } catch {
    process.stderr.write(`bench: installing Docusaurus 3.10 into ${PREFIX}\n`);
    await run('npm', ['install', '--prefix', PREFIX, '--no-save', '--no-audit', '--no-fund', ...PACKAGES]);
  }
  return bin;
}

function configFile(title: string, url: string, baseUrl: string): string {
  return `export default {
  title: ${JSON.stringify(title)},
  url: ${JSON.stringify(url)},
  baseUrl: ${JSON.stringify(baseUrl)},
  onBrokenLinks: 'warn',
  onBrokenAnchors: 'warn',
  future: { v4: true, faster: true },
  markdown: { format: 'detect', hooks: { onBrokenMarkdownLinks: 'warn' } },
  presets: [['classic', { docs: { routeBasePath: '/' }, blog: false, pages: false }]],
  themeConfig: { prism: { additionalLanguages: ['bash', 'powershell', 'ini', 'json'] } },
};
`;
}

/** A Docusaurus site of the corpus in `corpusDir` (content/ and config.yaml, as tests/bench/corpus.ts writes them). */
export async function convertCorpus(corpusDir: string, siteDir: string): Promise<void> {
  await rm(siteDir, { recursive: true, force: true });
  await mkdir(siteDir, { recursive: true });
  await cp(path.join(corpusDir, 'content'), path.join(siteDir, 'docs'), { recursive: true });
  // The landing page becomes the docs' home page (Docusaurus has no `layout: landing`).
  await writeFile(path.join(siteDir, 'docs/index.md'), '---\ntitle: Benchmark corpus\nslug: /\n---\n\nA synthetic corpus.\n');
  const config = await readFile(path.join(corpusDir, 'config.yaml'), 'utf8');
  const field = (name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(config)?.[1]?.trim() ?? '';
  await writeFile(path.join(siteDir, 'docusaurus.config.mjs'), configFile(field('title'), field('url'), field('baseUrl')));
  await writeFile(path.join(siteDir, 'package.json'), JSON.stringify({ name: "bench-docusaurus", private: true }));
  await symlink(path.join(PREFIX, 'node_modules'), path.join(siteDir, 'node_modules'), 'dir');
}

/** A cold `docusaurus build` (its caches removed first), measured like docsgen's builds. */
export async function buildDocusaurus(bin: string, siteDir: string): Promise<Measured> {
  await rm(path.join(siteDir, 'build'), { recursive: true, force: true });
  await rm(path.join(siteDir, '.docusaurus'), { recursive: true, force: true });
  await rm(path.join(PREFIX, 'node_modules/.cache'), { recursive: true, force: true });
  const result = await measureCommand(process.execPath, [bin, 'build', siteDir], { cwd: siteDir, env: { ...process.env, NODE_ENV: 'production', DOCUSAURUS_NO_UPDATE_NOTIFIER: '1' } });
  if (result.code !== 0) throw new Error(`docusaurus build failed: ${result.stderr.slice(-2000)}`);
  return result;
}

/**
 * Stage "theme": the browser bundle (esbuild, cached by the theme's fingerprint) and the theme's
 * server entry that renders routes. The bundle is built while markdown renders.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleClient, type ClientBundle } from '../bundle/client.ts';
import { hashDirectory, hashText } from '../cache/fingerprint.ts';
import { loadThemeServer, type ThemeServer } from '../render/theme-loader.ts';
import { DOCSGEN_ROOT, DOCSGEN_VERSION } from '../paths.ts';
import type { Project } from './project.ts';

/** Changes whenever a file of the theme or docsgen itself changes. */
export function themeFingerprint(project: Project): string {
  return hashText(hashDirectory(project.themeDir), DOCSGEN_VERSION);
}

export async function bundleTheme(project: Project, options: { themeHash: string; minify: boolean }): Promise<ClientBundle> {
  const lockfile = await readFile(path.join(DOCSGEN_ROOT, 'package-lock.json'), 'utf8').catch(() => '');
  return bundleClient({
    themeDir: project.themeDir,
    baseUrl: project.config.baseUrl,
    minify: options.minify,
    cacheDir: project.docsgenCache,
    fingerprint: hashText(options.themeHash, lockfile, project.config.baseUrl, String(options.minify)),
  });
}

export function loadTheme(project: Project, themeHash: string): Promise<ThemeServer> {
  return loadThemeServer(project.themeDir, project.docsgenCache, themeHash);
}

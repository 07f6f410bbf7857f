/**
 * Stage "project": config.yaml validated, the folders of the project, the theme to use and the site
 * variables. Every later stage reads its settings from here.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, type LoadedConfig } from '../config/load.ts';
import type { SiteConfig } from '../config/schema.ts';
import { collectVariables, type SiteVariables } from '../content/variables.ts';
import { projectCacheDir } from '../cache/json-cache.ts';
import { DOCSGEN_ROOT } from '../paths.ts';

export interface Project {
  loaded: LoadedConfig;
  config: SiteConfig;
  rootDir: string;
  contentDir: string;
  themeDir: string;
  /** `<project>/.docsgen/cache`: rendered markdown, validated specs, API page data. */
  projectCache: string;
  /** docsgen's own cache of compiled code (theme, client bundle), shared by projects. */
  docsgenCache: string;
  vars: SiteVariables;
}

export async function loadProject(configFile: string): Promise<Project> {
  const loaded = await loadConfig(configFile);
  const rootDir = loaded.rootDir;
  return {
    loaded,
    config: loaded.config,
    rootDir,
    contentDir: path.join(rootDir, 'content'),
    themeDir: await themeDirectory(rootDir),
    projectCache: projectCacheDir(rootDir),
    docsgenCache: path.join(DOCSGEN_ROOT, 'node_modules/.cache/docsgen'),
    vars: collectVariables(loaded.config.vars, loaded),
  };
}

/** The project's own theme/ when it has one, otherwise the theme that ships with docsgen. */
async function themeDirectory(rootDir: string): Promise<string> {
  const own = path.join(rootDir, 'theme');
  try {
    await readFile(path.join(own, 'server.tsx'));
    return own;
  } catch {
    return path.join(DOCSGEN_ROOT, 'theme');
  }
}

/** Where docsgen itself is installed, for resolving its own packages and theme. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// bin/docsgen runs a compiled copy of src/ from a cache folder, so it passes the real root along.
export const DOCSGEN_ROOT = process.env.DOCSGEN_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DOCSGEN_NODE_MODULES = path.join(DOCSGEN_ROOT, 'node_modules');

/**
 * The installed docsgen's version, and under bin/docsgen the fingerprint of its compiled source:
 * part of every cache key, so neither an upgrade nor a change to docsgen itself reuses old output.
 */
export const DOCSGEN_VERSION: string =
  (JSON.parse(readFileSync(path.join(DOCSGEN_ROOT, 'package.json'), 'utf8')) as { version: string }).version +
  (process.env.DOCSGEN_BUILD_ID ? `+${process.env.DOCSGEN_BUILD_ID}` : '');

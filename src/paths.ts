/** Where docsgen itself is installed, for resolving its own packages and theme. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DOCSGEN_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DOCSGEN_NODE_MODULES = path.join(DOCSGEN_ROOT, 'node_modules');

/** Search relevance on the real 5.4 SP1 content: the page a reader wants comes first. */
import { describe, it, expect, beforeAll } from 'vitest';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalSearchIndex } from '../../theme/search/local-index.ts';
import type { CompactIndex } from '../../theme/search/types.ts';
import { ROOT, runCli } from '../helpers.ts';

const BASE = '/suite-5.4.sp1/';
export const RELEVANCE: [query: string, firstPage: string][] = [
  ['licence backup', 'installations/licensing/licence-backup-and-restore/'],
  ['ssl', 'configurations/hub/ssl/'],
  ['create rundown', 'rhubapi/'],
  ['launcher status colours', 'user-guide/launcher/status-colours/'],
  ['system requirements render engine', 'installations/system-requirements/render-engine/'],
  ['http proxy', 'configurations/hub/http-proxy/'],
  ['cache management', 'configurations/hub/cache-management/'],
  ['database backup', 'installations/installing-the-hub/database-backup-and-restore/'],
  ['database recovery', 'installations/installing-the-hub/database-recovery/'],
  ['glossary', 'faq/glossary/'],
  ['hub ui warnings', 'faq/hub-ui-warnings/'],
  ['upgrade note', 'upgrade-note/'],
  ['gamepad', 'user-guide/node-graph-and-actions/node-graph/gamepad/'],
  ['interpolations', 'user-guide/node-graph-and-actions/actions/interpolations/'],
  ['gang mode', 'user-guide/node-graph-and-actions/actions/gang-mode/'],
  ['form builder', 'user-guide/node-graph-and-actions/actions/form-builder/'],
  ['cook manager', 'user-guide/cook-manager/'],
  ['3d lut', 'tutorials/colour-grading-3d-lut/'],
  ['green screen', 'tutorials/green-screen-virtual-studio/'],
  ['tracked billboard', 'tutorials/tracked-billboard/'],
  ['cii module', 'integrations/cii-module/'],
  ['open source sdk', 'developer-guide/open-source-sdk/'],
  ['licence reservation', 'user-guide/user-management/advanced/licence-reservation/'],
  ['led display', 'configurations/hub/loader/led-display/'],
  ['shared storage', 'installations/system-requirements/shared-storage/'],
];

let index: LocalSearchIndex;

beforeAll(async () => {
  const out = path.join(await mkdtemp(path.join(os.tmpdir(), 'docsgen-relevance-')), 'out');
  const result = await runCli(['build', '--config', path.join(ROOT, 'config.yaml'), '--out', out]);
  expect(result.code, result.stderr).toBe(0);
  const file = (await readdir(path.join(out, 'assets'))).find((f) => f.startsWith('search-index-')) ?? '';
  index = new LocalSearchIndex(JSON.parse(await readFile(path.join(out, 'assets', file), 'utf8')) as CompactIndex);
}, 180_000);

/** Queries whose target page is written (all of them once the content issues are done). */
const pages = new Set(
  readdirSync(path.join(ROOT, 'content'), { recursive: true }).map(String).filter((f) => f.endsWith('.md')).map((f) => `${f.replace(/(index)?\.md$/, '').replace(/\/?$/, '/')}`),
);
const APPLICABLE = RELEVANCE.filter(([, expected]) => expected === 'rhubapi/' || pages.has(expected));

describe('search relevance on the 5.4 SP1 content', () => {
  it.each(APPLICABLE)('"%s" finds %s first', (query, expected) => {
    const first = index.search(query, { hitsPerPage: 20, page: 0, snippetWords: 10 }).hits[0];
    expect(first?.url_without_anchor).toBe(BASE + expected);
  });
});

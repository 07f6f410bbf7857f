/**
 * Search relevance on the real 5.4 SP1 content: the page a reader wants comes first. A query whose
 * expected page no longer exists fails too (rename the page here when content moves).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LocalSearchIndex } from '../../theme/search/local-index.ts';
import { buildRealSite, searchFragmentFiles, searchIndexDirs } from '../helpers.ts';

const BASE = '/suite-5.4.sp1/';
export const RELEVANCE: [query: string, firstPage: string][] = [
  // Issue 16: spellings, stemming and the pages readers mean.
  ['licence', 'installations/licensing/hub-licensing/'],
  ['license', 'installations/licensing/hub-licensing/'],
  ['licensing', 'installations/licensing/hub-licensing/'],
  ['rundown', 'user-guide/playout/'],
  ['rundowns', 'user-guide/playout/'],
  ['color grading', 'tutorials/colour-grading-3d-lut/'],
  ['launcher status colors', 'user-guide/launcher/status-colours/'],
  ['licnce backup', 'installations/licensing/licence-backup-and-restore/'],
  ['rundwn', 'user-guide/playout/'],
  // Two neighbouring letters swapped are one typo.
  ['rundwon', 'user-guide/playout/'],
  ['lciense backup', 'installations/licensing/licence-backup-and-restore/'],
  // A complete word prefers itself to the longer words it begins ("port" is not "portal").
  ['port', 'installations/system-requirements/network/'],
  ['network ports', 'installations/system-requirements/network/'],
  ['portal', 'user-guide/node-graph-and-actions/node-graph/portal/'],
  // Titles, headings and everyday words.
  ['licence backup', 'installations/licensing/licence-backup-and-restore/'],
  ['ssl', 'configurations/hub/ssl/'],
  ['create rundown', 'rhubapi/'],
  // An operation's summary, typed whole, beats pages that use its words more often.
  ['set a property', 'rhubapi/'],
  ['list engines', 'rhubapi/'],
  ['launcher status colours', 'user-guide/launcher/status-colours/'],
  ['system requirements render engine', 'installations/system-requirements/render-engine/'],
  ['http proxy', 'configurations/hub/http-proxy/'],
  ['proxy', 'configurations/hub/http-proxy/'],
  ['cache management', 'configurations/hub/cache-management/'],
  ['database backup', 'installations/installing-the-hub/database-backup-and-restore/'],
  ['database recovery', 'installations/installing-the-hub/database-recovery/'],
  ['downgrade', 'installations/installing-the-hub/upgrading-and-downgrading/'],
  ['glossary', 'faq/glossary/'],
  ['hub ui warnings', 'faq/hub-ui-warnings/'],
  ['upgrade note', 'upgrade-note/'],
  ['gamepad', 'user-guide/node-graph-and-actions/node-graph/gamepad/'],
  ['interpolations', 'user-guide/node-graph-and-actions/actions/interpolations/'],
  ['keyframe types', 'user-guide/node-graph-and-actions/actions/keyframe-types/'],
  ['timeline', 'user-guide/node-graph-and-actions/actions/timeline/'],
  ['gang mode', 'user-guide/node-graph-and-actions/actions/gang-mode/'],
  ['form builder', 'user-guide/node-graph-and-actions/actions/form-builder/'],
  ['reroute pins', 'user-guide/node-graph-and-actions/node-graph/reroute-and-sink-pins/'],
  ['cook manager', 'user-guide/cook-manager/'],
  ['hardware monitor', 'user-guide/hardware-monitor/'],
  ['new launch configuration', 'user-guide/launcher/new-launch-configuration/'],
  ['newsroom', 'user-guide/newsroom/'],
  ['3d lut', 'tutorials/colour-grading-3d-lut/'],
  ['green screen', 'tutorials/green-screen-virtual-studio/'],
  ['tracked billboard', 'tutorials/tracked-billboard/'],
  ['cyclorama', 'tutorials/custom-cyclorama-mesh/'],
  ['projection mesh', 'tutorials/custom-projection-mesh/'],
  ['volumetric cube mask', 'tutorials/volumetric-cube-mask/'],
  ['cii module', 'integrations/cii-module/'],
  ['mos plugin', 'integrations/nrcs-a/mos-plugin/'],
  ['open source sdk', 'developer-guide/open-source-sdk/'],
  ['licence reservation', 'user-guide/user-management/advanced/licence-reservation/'],
  ['policies', 'user-guide/user-management/advanced/policies/'],
  ['admin role', 'user-guide/user-management/advanced/admin-role/'],
  ['led display', 'configurations/hub/loader/led-display/'],
  ['project scanning', 'configurations/hub/project-scanning/'],
  ['shared storage', 'installations/system-requirements/shared-storage/'],
  ['sdi', 'installations/system-requirements/video-io-and-sdi/'],
  ['software component versions', 'installations/software-component-versions/'],
  ['signalling url', 'user-guide/motion-design-tool/broadcast-settings-and-signalling-url/'],
  ['signaling url', 'user-guide/motion-design-tool/broadcast-settings-and-signalling-url/'],
];

let index: LocalSearchIndex;
let pages: Set<string>;

beforeAll(async () => {
  const out = await buildRealSite();
  const { root } = await searchIndexDirs(out);
  index = await LocalSearchIndex.open(async (name) => JSON.parse(await readFile(path.join(root, name), 'utf8')) as unknown);
  pages = new Set(await Promise.all((await searchFragmentFiles(out)).map(async (f) => (JSON.parse(await readFile(f, 'utf8')) as { url: string }).url)));
}, 180_000);

describe('search relevance on the 5.4 SP1 content', () => {
  it.each(RELEVANCE)('"%s" finds %s first', async (query, expected) => {
    expect(pages.has(BASE + expected), `no page ${expected} in the index: update the relevance table`).toBe(true);
    const result = await index.search(query, { hitsPerPage: 20, page: 0, snippetWords: 10, perPage: 3 });
    expect(result.hits[0]?.url_without_anchor).toBe(BASE + expected);
  });
});

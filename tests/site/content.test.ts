/**
 * The 5.4 SP1 documentation itself: every page the content issues list exists, with the required
 * front matter and at least 250 words of guidance, in the sidebar order of the spec; the real site
 * builds with zero findings.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseMarkdownFile } from '../../src/content/frontmatter.ts';
import { scanContent } from '../../src/content/scan.ts';
import { buildSidebar } from '../../src/content/sidebar.ts';
import { ROOT, copyRealSite, runCli } from '../helpers.ts';

const CONTENT = path.join(ROOT, 'content');

export const EXPECTED_PAGES = {
  'Content 1 of 3 (landing, what is new, upgrade, installations, configurations, FAQ)': [
    'index.md',
    'configurations/peripheral-devices/video-io-card.md',
    'configurations/peripheral-devices/gpu.md',
    'configurations/hub/cache-management.md',
    'configurations/hub/engine-module-configuration/index.md',
    'configurations/hub/engine-module-configuration/adding-groups.md',
    'configurations/hub/engine-module-configuration/adding-host.md',
    'configurations/hub/engine-module-configuration/channel-assignments.md',
    'configurations/hub/engine-module-configuration/general-engine-configuration.md',
    'configurations/hub/general-configuration.md',
    'configurations/hub/http-proxy.md',
    'configurations/hub/project-configuration.md',
    'configurations/hub/project-scanning.md',
    'configurations/hub/loader/index.md',
    'configurations/hub/loader/led-display.md',
    'configurations/hub/ssl.md',
    'configurations/hub/template-form-configuration.md',
    'faq/frequently-asked-questions.md',
    'faq/how-to-read-the-documentation.md',
    'faq/hub-ui-warnings.md',
    'faq/glossary.md',
    'upgrade-note.md',
    'installations/downloading-distributions.md',
    'installations/installing-5-4-sp1.md',
    'installations/installing-the-hub/index.md',
    'installations/installing-the-hub/database-backup-and-restore.md',
    'installations/installing-the-hub/database-recovery.md',
    'installations/installing-the-hub/recap.md',
    'installations/installing-the-hub/upgrading-and-downgrading.md',
    'installations/licensing/licence-backup-and-restore.md',
    'installations/licensing/hub-licensing.md',
    'installations/distribution-content.md',
    'installations/software-component-versions.md',
    'installations/system-requirements/index.md',
    'installations/system-requirements/concepts.md',
    'installations/system-requirements/custom-configurations.md',
    'installations/system-requirements/hard-drives.md',
    'installations/system-requirements/network.md',
    'installations/system-requirements/operating-system.md',
    'installations/system-requirements/pre-production-seat.md',
    'installations/system-requirements/hub-client.md',
    'installations/system-requirements/hub-server.md',
    'installations/system-requirements/render-engine.md',
    'installations/system-requirements/shared-storage.md',
    'installations/system-requirements/video-io-and-sdi.md',
    'whats-new.md',
  ],
  'Content 2 of 3 (user guide)': [
    'user-guide/motion-design-tool/index.md',
    'user-guide/motion-design-tool/preparations.md',
    'user-guide/motion-design-tool/default-level.md',
    'user-guide/motion-design-tool/hub-configuration.md',
    'user-guide/motion-design-tool/broadcast-settings-and-signalling-url.md',
    'user-guide/motion-design-tool/preview-monitor.md',
    'user-guide/motion-design-tool/preview-channel.md',
    'user-guide/motion-design-tool/rundown-templates-and-pages.md',
    'user-guide/motion-design-tool/property-animation.md',
    'user-guide/motion-design-tool/plugins.md',
    'user-guide/motion-design-tool/exposing-outliner-assets.md',
    'user-guide/motion-design-tool/module-ui.md',
    'user-guide/motion-design-tool/editor-settings.md',
    'user-guide/game-engine/index.md',
    'user-guide/game-engine/features.md',
    'user-guide/game-engine/configuration.md',
    'user-guide/game-engine/example-pipeline.md',
    'user-guide/game-engine/supported-versions.md',
    'user-guide/game-engine/state-tool.md',
    'user-guide/cook-manager.md',
    'user-guide/hardware-monitor/index.md',
    'user-guide/hardware-monitor/configuration.md',
    'user-guide/hardware-monitor/filters.md',
    'user-guide/hardware-monitor/metric-display.md',
    'user-guide/hardware-monitor/plot.md',
    'user-guide/hardware-monitor/specs.md',
    'user-guide/launcher/index.md',
    'user-guide/launcher/interface.md',
    'user-guide/launcher/engine-display-window.md',
    'user-guide/launcher/status-colours.md',
    'user-guide/launcher/new-launch-configuration.md',
    'user-guide/newsroom.md',
    'user-guide/node-graph-and-actions/index.md',
    'user-guide/node-graph-and-actions/node-graph/index.md',
    'user-guide/node-graph-and-actions/node-graph/node-details.md',
    'user-guide/node-graph-and-actions/node-graph/menus.md',
    'user-guide/node-graph-and-actions/node-graph/dynamic-nodes.md',
    'user-guide/node-graph-and-actions/node-graph/gamepad.md',
    'user-guide/node-graph-and-actions/node-graph/portal.md',
    'user-guide/node-graph-and-actions/node-graph/reroute-and-sink-pins.md',
    'user-guide/node-graph-and-actions/actions/index.md',
    'user-guide/node-graph-and-actions/actions/timeline.md',
    'user-guide/node-graph-and-actions/actions/interpolations.md',
    'user-guide/node-graph-and-actions/actions/keyframe-types.md',
    'user-guide/node-graph-and-actions/actions/operating-actions.md',
    'user-guide/node-graph-and-actions/actions/form-builder.md',
    'user-guide/node-graph-and-actions/actions/form-builder-data-integration.md',
    'user-guide/node-graph-and-actions/actions/gang-mode.md',
    'user-guide/node-graph-and-actions/context-menus/editor.md',
    'user-guide/node-graph-and-actions/context-menus/engine.md',
    'user-guide/node-graph-and-actions/context-menus/hub.md',
    'user-guide/node-graph-and-actions/asset-browser.md',
    'user-guide/node-graph-and-actions/advanced-preview-monitor.md',
    'user-guide/playout.md',
    'user-guide/workflow.md',
    'user-guide/user-management/basic.md',
    'user-guide/user-management/advanced/index.md',
    'user-guide/user-management/advanced/groups.md',
    'user-guide/user-management/advanced/policies.md',
    'user-guide/user-management/advanced/licence-reservation.md',
    'user-guide/user-management/advanced/admin-role.md',
    'user-guide/what-is/what-is-the-editor.md',
    'user-guide/what-is/what-is-the-render-engine.md',
    'user-guide/what-is/what-is-the-hub.md',
    'user-guide/what-is/system-overview.md',
  ],
  'Content 3 of 3 (integrations, developer guide, tutorials)': [
    'integrations/cii-module.md',
    'integrations/nrcs-a/configuration.md',
    'integrations/nrcs-a/mos-configuration.md',
    'integrations/nrcs-a/mos-plugin.md',
    'integrations/nrcs-b/configuration.md',
    'integrations/nrcs-b/mos-configuration.md',
    'developer-guide/index.md',
    'developer-guide/open-source-sdk.md',
    'developer-guide/rest-api.md',
    'tutorials/colour-grading-3d-lut.md',
    'tutorials/curved-led-pipeline/index.md',
    'tutorials/curved-led-pipeline/details.md',
    'tutorials/curved-led-pipeline/example-pipeline.md',
    'tutorials/curved-led-pipeline/features.md',
    'tutorials/curved-led-pipeline/preparation.md',
    'tutorials/custom-projection-mesh.md',
    'tutorials/green-screen-virtual-studio.md',
    'tutorials/actor-spawning.md',
    'tutorials/shadow-and-ambient-occlusion-in-ar.md',
    'tutorials/texture-input-workflow/index.md',
    'tutorials/texture-input-workflow/step-1-prepare-the-source.md',
    'tutorials/texture-input-workflow/step-2-configure-the-video-input.md',
    'tutorials/texture-input-workflow/step-3-create-the-texture-input-node.md',
    'tutorials/texture-input-workflow/step-4-map-the-texture-to-a-material.md',
    'tutorials/texture-input-workflow/step-5-expose-the-input-to-the-rundown.md',
    'tutorials/texture-input-workflow/step-6-test-on-the-preview-channel.md',
    'tutorials/texture-input-workflow/step-7-go-on-air.md',
    'tutorials/tracked-billboard.md',
    'tutorials/plugins.md',
    'tutorials/volumetric-cube-mask.md',
    'tutorials/custom-cyclorama-mesh.md',
  ],
};

/** Words of prose: front matter, code blocks, tables' separator rows and markup are not counted. */
function wordCount(body: string): number {
  const prose = body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^\|?[\s:|-]+\|?$/gm, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`|:-]+/g, ' ');
  return prose.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
}

/**
 * Sections whose every page is written. A section joins this list when its content lands; until
 * then its pages are checked for quality as they arrive, but their absence is not yet a failure.
 */
const COMPLETE = Object.keys(EXPECTED_PAGES) as (keyof typeof EXPECTED_PAGES)[];
const existing = new Set(
  (await import('node:fs')).readdirSync(CONTENT, { recursive: true }).map(String).filter((f) => f.endsWith('.md')).map((f) => f.split(path.sep).join('/')),
);

describe('the 5.4 SP1 documentation', () => {
  for (const [issue, pages] of Object.entries(EXPECTED_PAGES) as [keyof typeof EXPECTED_PAGES, string[]][]) {
    describe(issue, () => {
      for (const rel of pages) {
        // A page of an unfinished section that is not written yet shows up as skipped, so the
        // report lists what is still missing without failing the run.
        const test = COMPLETE.includes(issue) || existing.has(rel) ? it : it.skip;
        test(`${rel} exists with title, description, sidebar_position and at least 250 words`, async () => {
          const text = await readFile(path.join(CONTENT, rel), 'utf8');
          const { frontMatter, body } = await parseMarkdownFile(text, rel);
          expect(frontMatter.title, 'title').toBeTruthy();
          expect(frontMatter.description, 'description').toBeTruthy();
          if (rel !== 'index.md') expect(typeof frontMatter.sidebar_position, 'sidebar_position').toBe('number');
          expect(wordCount(body)).toBeGreaterThanOrEqual(rel === 'index.md' ? 100 : 250);
          expect(body).not.toMatch(/\b(TODO|lorem ipsum|TBD)\b/i);
        });
      }
    });
  }

  it('the sidebar shows the sections in the order of the spec', async () => {
    const scan = await scanContent(CONTENT, { includeDrafts: false });
    const top = buildSidebar(scan.docs, scan.categories).map((item) => item.label);
    const order = ['Configurations', 'FAQ', 'Upgrade note', 'Installations', 'Integrations', 'Developer guide', 'Tutorials', 'User guide', "What's new"];
    expect(top.every((label) => order.includes(label))).toBe(true);
    expect(top).toEqual(order.filter((label) => top.includes(label)));
  });

  it('keeps product names neutral', async () => {
    const scan = await scanContent(CONTENT, { includeDrafts: false });
    for (const doc of scan.docs) expect(doc.frontMatterText + doc.markdown, doc.relPath).not.toMatch(/\b(Unreal|Unity|Aximmetry|Pixotope|Vizrt|Zero Density|Reality Engine|AJA|Blackmagic|NVIDIA|iNews|ENPS|Octopus)\b/);
  });

  it('builds, and `docsgen check` reports zero findings', async () => {
    const site = await copyRealSite();
    const result = await runCli(['check', '--config', path.join(site, 'config.yaml'), '--format', 'json']);
    await rm(site, { recursive: true, force: true });
    expect(result.code).toBe(0);
    const { findings } = JSON.parse(result.stdout) as { findings: { message: string }[] };
    expect(findings.map((f) => f.message)).toEqual([]);
  }, 120_000);
});

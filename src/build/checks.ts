/**
 * Stage "checks": duplicate routes, broken markdown links, missing images, the link and anchor
 * checks on the rendered pages (said in an API's terms for links into API pages) and the problems
 * of the OpenAPI specs, with the severities of config.yaml (and --strict).
 */
import { checkLinks, type LinkCheckMemo, type RenderedRoute } from '../checks/links.ts';
import { applySeverities, type Finding } from '../checks/findings.ts';
import { apiPageAnchors, refineApiAnchorFindings } from '../checks/api-anchors.ts';
import type { ApiPage } from './api.ts';
import type { ClientBundle } from '../bundle/client.ts';
import type { DocSource } from '../content/scan.ts';
import type { RenderedMarkdown } from '../markdown/render.ts';
import { markdownFindings } from './markdown.ts';
import type { Content } from './content.ts';
import type { Project } from './project.ts';
import type { Site } from './site.ts';

export function runChecks(input: {
  project: Project;
  content: Content;
  rendered: ReadonlyMap<DocSource, RenderedMarkdown>;
  routeFindings: readonly Finding[];
  /** Files that lost their path in out/ to another (see output-claims.ts). */
  outputFindings: readonly Finding[];
  site: Site;
  apiPages: readonly ApiPage[];
  /** The theme's bundle, with esbuild's warnings about its stylesheets. */
  bundle?: Pick<ClientBundle, 'cssWarnings'>;
  pages: readonly RenderedRoute[];
  /** Every file written besides the pages (relative to the output folder). */
  files: ReadonlySet<string>;
  strict: boolean;
  /** The link checks' verdicts of the last build, updated with this one's (serve, build --watch). */
  linkChecks?: LinkCheckMemo;
}): { findings: Finding[]; warnings: Finding[] } {
  const { project } = input;
  const findings = applySeverities(
    [
      ...input.content.duplicateFindings,
      ...input.routeFindings,
      ...input.outputFindings,
      ...markdownFindings(input.content.docs, input.rendered),
      ...refineApiAnchorFindings(
        checkLinks({
          baseUrl: project.config.baseUrl,
          routes: [...input.pages],
          files: input.files,
          configFile: project.loaded.file,
          configPositionOf: (href) => input.site.linkPositionOf(href),
        }, input.linkChecks),
        apiPageAnchors(input.apiPages, project.config.baseUrl),
      ),
      ...input.apiPages.flatMap((api) => api.spec.findings),
      ...(input.site.findings ?? []),
      ...(input.bundle?.cssWarnings ?? []).map((problem) => ({
        kind: 'theme-css' as const,
        message: `theme stylesheet: ${problem.message}`,
        position: { file: problem.file, line: problem.line, column: problem.column },
        hint: 'browsers skip what they do not understand here: fix or remove it',
      })),
    ],
    project.config.checks,
    input.strict,
  );
  return { findings, warnings: [...input.content.warnings, ...input.site.warnings] };
}

/**
 * Links into API reference pages. The link check reports every `#fragment` without an element;
 * for API pages this module says it in the API's terms ("no operation … on …", "it is on the pets
 * page"), suggests the right anchor, and accepts Swagger UI's deep links (`#/tag/operationId`) to
 * operations that exist, which the page translates to its own anchors.
 */
import type { ApiPageData } from '../../theme/data.ts';
import { withBase } from '../../theme/urls.ts';
import { lineColumnAt } from '../openapi/positions.ts';
import { closest } from '../openapi/spec-problem.ts';
import type { Finding } from './findings.ts';

export interface ApiPageAnchors {
  /** URL path of the page, with the base ("/docs/api/"). */
  path: string;
  data: ApiPageData;
  /** The spec the page was made from: links in its descriptions are reported there. */
  spec: { file: string; raw: string };
}

/** The API pages of a build as the refinement below needs them. */
export function apiPageAnchors(apis: readonly { spec: { file: string; raw: string }; pages: readonly { route: string; data: ApiPageData }[] }[], baseUrl: string): ApiPageAnchors[] {
  return apis.flatMap((api) => api.pages.map((page) => ({ path: withBase(baseUrl, `/${page.route}/`), data: page.data, spec: { file: api.spec.file, raw: api.spec.raw } })));
}

interface OperationPlace {
  anchor: string;
  key: string;
  tag: string;
  path: string;
}

export function refineApiAnchorFindings(findings: Finding[], pages: readonly ApiPageAnchors[]): Finding[] {
  if (pages.length === 0) return findings;
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const places = operationPlaces(pages);
  return findings.flatMap((finding) => {
    if (finding.kind !== 'broken-anchor' || !finding.link) return [finding];
    const from = finding.pages?.[0] ?? '/';
    const url = new URL(finding.link, `http://docsgen.invalid${from}`);
    const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname.replace(/\/index\.html$/, '')}/`;
    const page = byPath.get(path);
    if (!page) return [finding];
    const fragment = decodeFragment(url.hash.slice(1));
    const sameApi = places.filter((p) => byPath.get(p.path)?.data.id === page.data.id);
    const refined = explain(fragment, page, sameApi);
    if (refined === 'valid') return [];
    // A link on an API page comes from a description in its spec: point at that line.
    const source = byPath.get(from);
    if (!source) return [{ ...finding, ...refined }];
    const link = finding.link;
    const offset = [`](${link})`, `"${link}"`, link].map((form) => source.spec.raw.indexOf(form)).find((i) => i >= 0) ?? -1;
    return [
      {
        ...finding,
        message: `${refined.message} (a link in a description of the spec)`,
        hint: `${refined.hint}; a link to another site's heading needs that site's full URL`,
        position: offset >= 0 ? { file: source.spec.file, ...lineColumnAt(source.spec.raw, offset + (source.spec.raw.startsWith('](', offset) ? 2 : 0)) } : { file: source.spec.file },
      },
    ];
  });
}

function operationPlaces(pages: readonly ApiPageAnchors[]): OperationPlace[] {
  return pages.flatMap((page) =>
    page.data.nav
      .filter((tag) => page.path.endsWith(tag.route))
      .flatMap((tag) => (tag.operations ?? []).map((op) => ({ anchor: op.anchor, key: op.anchor.replace(/^operation\//, ''), tag: tag.name, path: page.path }))),
  );
}

function explain(fragment: string, page: ApiPageAnchors, places: OperationPlace[]): 'valid' | { message: string; hint: string } {
  const here = places.filter((p) => p.path === page.path);
  if (fragment.startsWith('/')) {
    // Swagger UI's form: the page opens the operation, so a link to one that exists is fine.
    const [tag, key] = fragment.slice(1).split('/');
    const match = here.find((p) => p.key === key && (p.tag === tag || !tag));
    if (match) return 'valid';
    const elsewhere = places.find((p) => p.key === key);
    if (elsewhere) return { message: `operation "${key}" is on ${elsewhere.path}, not on ${page.path}`, hint: `link to ${elsewhere.path}#${elsewhere.anchor}` };
    return { message: `no operation "${key ?? tag ?? ''}"${key ? ` in tag "${tag}"` : ''} on the API page ${page.path}`, hint: suggestion(key ?? '', here) };
  }
  const elsewhere = places.find((p) => p.anchor === fragment && p.path !== page.path);
  if (elsewhere) return { message: `operation "${elsewhere.key}" is on ${elsewhere.path}, not on ${page.path}`, hint: `link to ${elsewhere.path}#${elsewhere.anchor}` };
  if (fragment.startsWith('operation/')) {
    return { message: `no operation "${fragment.slice('operation/'.length)}" on the API page ${page.path}`, hint: suggestion(fragment.slice('operation/'.length), here) };
  }
  return { message: `no element with id "${fragment}" on the API page ${page.path}`, hint: 'operations are linked as #operation/<operationId>, tags as #tag/<name> and schemas as #schema/<name>' };
}

function suggestion(key: string, here: OperationPlace[]): string {
  const best = closest(key, here.map((p) => p.key));
  const match = here.find((p) => p.key === best);
  return match ? `did you mean #${match.anchor}?` : 'link to an operation of the page as #operation/<operationId> (the search box of the page lists them)';
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

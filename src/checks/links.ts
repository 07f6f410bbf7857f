/**
 * Link and anchor checks on what readers get: every `<a href>` in the rendered HTML of every route
 * is resolved the way the server and the client router resolve it, and every `#fragment` must
 * match an `id` (or `<a name>`) in the target's rendered HTML. Findings point back at the markdown
 * source when the link came from content, and at config.yaml/theme otherwise.
 */
import type { SourcePosition } from '../errors.ts';
import type { LinkRecord } from '../markdown/links.ts';
import type { Finding } from './findings.ts';
import { isExternal, isUnderBase, matchRoute } from '../../theme/urls.ts';

export interface RenderedRoute {
  /** URL path with base, e.g. `/suite/installations/`. */
  path: string;
  /** Every `id` and `<a name>` of the rendered page (see link-targets.ts). */
  ids: ReadonlySet<string>;
  /** Every `<a href>` of the rendered page (see link-targets.ts). */
  hrefs: readonly string[];
  /** Where the route's content came from, to map links back to lines. */
  source?: { file: string; links: LinkRecord[] };
}

export interface LinkCheckInput {
  baseUrl: string;
  routes: RenderedRoute[];
  /** Paths relative to out/ of every emitted file that is not a route (assets, spec files, …). */
  files: ReadonlySet<string>;
  /** Used as the position of links the theme or config produced. */
  configFile: string;
  /** Where config.yaml configured a navbar or footer link, by its href. */
  configPositionOf?: (href: string) => SourcePosition | undefined;
}

const REPEATED_ON_PAGES = 5;

/** Why a link is broken, or undefined when it resolves (or leads outside the site). */
type Verdict = { kind: ProblemKind; reason: string } | undefined;

/**
 * What a verdict read besides the link itself: a page's ids (`p` and its path) or whether a file
 * exists (`f` and its path). A page's own ids are not among them: they change only with the page.
 */
type Read = string;

/** A page's broken links as one check found them. */
interface CheckedPage {
  broken: { href: string; kind: ProblemKind; reason: string }[];
}

/**
 * Each page's verdicts from the last check, by the page's object, kept by the dev server and
 * `build --watch` between builds: an edit's check works out again only the links of the pages it
 * rendered, and of pages whose links read a page it rendered or a file that came or went (at 10,000
 * pages, checking every link of every page was about a second of each edit).
 */
export interface LinkCheckMemo {
  /** The site's routes when the verdicts were found: a verdict reads them all (matchRoute). */
  routePaths: string;
  pages: WeakMap<RenderedRoute, CheckedPage>;
  /** Each page checked, by path, and the files there were. */
  checked: ReadonlyMap<string, RenderedRoute>;
  files: ReadonlySet<string>;
  /** The paths of the pages whose verdicts read each page's ids or each file (see Read). */
  readers: Map<Read, Set<string>>;
}

export function createLinkCheckMemo(): LinkCheckMemo {
  return { routePaths: '', pages: new WeakMap(), checked: new Map(), files: new Set(), readers: new Map() };
}

export function checkLinks(input: LinkCheckInput, memo: LinkCheckMemo = createLinkCheckMemo()): Finding[] {
  const site = linkTargets(input);
  const routePaths = input.routes.map((r) => r.path).join('\n');
  if (memo.routePaths !== routePaths) Object.assign(memo, createLinkCheckMemo(), { routePaths });
  const stale = readersOfChanges(memo, site);
  const problems = new ProblemLog(input);
  // An href that starts with "/" resolves the same from every page, and most do (the sidebar's,
  // the navbar's, content links with the base): its verdict is worked out once. At 10,000 pages,
  // parsing every page's every href as a URL was half of the checks.
  const fromAnyPage = new Map<string, { verdict: Verdict; read?: Read }>();
  for (const route of input.routes) {
    let checked = memo.pages.get(route);
    if (!checked || stale.has(route.path)) {
      checked = checkPage(route, site, fromAnyPage, (read) => {
        const readers = memo.readers.get(read);
        if (readers) readers.add(route.path);
        else memo.readers.set(read, new Set([route.path]));
      });
      memo.pages.set(route, checked);
    }
    for (const { href, kind, reason } of checked.broken) problems.report(kind, href, reason, route);
  }
  Object.assign(memo, { checked: site.byPath, files: site.files });
  return problems.findings();
}

/** The pages whose verdicts read a page that is not the one checked last time, or a file that came or went. */
function readersOfChanges(memo: LinkCheckMemo, site: LinkTargets): Set<string> {
  const changed: Read[] = [];
  for (const [path, route] of site.byPath) if (memo.checked.get(path) !== route) changed.push(`p${path}`);
  if (memo.files !== site.files) {
    for (const file of site.files) if (!memo.files.has(file)) changed.push(`f${file}`);
    for (const file of memo.files) if (!site.files.has(file)) changed.push(`f${file}`);
  }
  const stale = new Set<string>();
  for (const read of changed) {
    for (const path of memo.readers.get(read) ?? []) stale.add(path);
    memo.readers.delete(read); // their verdicts are found again now, and say again what they read
  }
  return stale;
}

function checkPage(route: RenderedRoute, site: LinkTargets, fromAnyPage: Map<string, { verdict: Verdict; read?: Read }>, reads: (read: Read) => void): CheckedPage {
  const checked: CheckedPage = { broken: [] };
  for (const href of new Set(route.hrefs)) {
    if (href === '' || isExternal(href)) continue;
    let found = href.startsWith('/') ? fromAnyPage.get(href) : undefined;
    if (!found) {
      found = verdictOf(href, route, site);
      if (href.startsWith('/')) fromAnyPage.set(href, found);
    }
    if (found.read) reads(found.read);
    if (found.verdict) checked.broken.push({ href, ...found.verdict });
  }
  return checked;
}

/** What a link can lead to: the site's routes with their ids, and its other files. */
interface LinkTargets {
  baseUrl: string;
  routePaths: ReadonlySet<string>;
  byPath: ReadonlyMap<string, RenderedRoute>;
  files: ReadonlySet<string>;
}

function linkTargets(input: LinkCheckInput): LinkTargets {
  return { baseUrl: input.baseUrl, routePaths: new Set(input.routes.map((r) => r.path)), byPath: new Map(input.routes.map((r) => [r.path, r])), files: input.files };
}

/** Resolves a link of a page the way the server and the client router do. */
function verdictOf(href: string, route: RenderedRoute, site: LinkTargets): { verdict: Verdict; read?: Read } {
  const url = new URL(href, `http://docsgen.invalid${route.path}`);
  const hash = decodeFragment(url.hash.slice(1));
  if (href.startsWith('#')) {
    // The page's own ids: they change only with the page, whose verdicts are then found again.
    return { verdict: hash && !route.ids.has(hash) ? { kind: 'broken-anchor', reason: `no element with id "${hash}" on this page` } : undefined };
  }
  let pathname: string;
  try {
    pathname = decodeURI(url.pathname);
  } catch {
    pathname = url.pathname;
  }
  if (!isUnderBase(pathname, site.baseUrl)) {
    // A path that leaves the site by `..` (`/docs/../x/`, `../../../x/`) is a slip: links to other
    // sites on the host (another version's `/suite-5.5/`) name them, and are not checked.
    const climbs = !isExternal(href) && !href.startsWith('//') && /(^|\/)\.\.(\/|$|[?#])/.test(href.split(/[?#]/, 1)[0] ?? '');
    return { verdict: climbs ? { kind: 'broken-link', reason: `its ".." leads above the site's base ${site.baseUrl}, to ${pathname}` } : undefined };
  }
  const targetRoute = matchRoute(pathname, site.routePaths);
  if (targetRoute) {
    if (!hash) return { verdict: undefined };
    const found = site.byPath.get(targetRoute)?.ids.has(hash) ?? false;
    return { verdict: found ? undefined : { kind: 'broken-anchor', reason: `no element with id "${hash}" on ${targetRoute}` }, read: `p${targetRoute}` };
  }
  const file = pathname.slice(site.baseUrl.length);
  const found = site.files.has(file);
  return { verdict: found ? undefined : { kind: 'broken-link', reason: `no page or file at ${pathname}` }, read: `f${file}` };
}

type ProblemKind = 'broken-link' | 'broken-anchor';

/**
 * One entry per distinct problem, with every page it appears on and where on that page. Pages are
 * also kept as a set, and each page's links by href: a link broken on every page, or a page with
 * thousands of broken links, made the lookups quadratic (50,000 broken anchors took minutes).
 */
class ProblemLog {
  private readonly problems = new Map<string, { kind: ProblemKind; link: string; reason: string; pages: { route: string; position: SourcePosition }[]; routes: Set<string> }>();
  private readonly recordsByRoute = new WeakMap<RenderedRoute, Map<string, LinkRecord>>();

  constructor(private readonly input: LinkCheckInput) {}

  report(kind: ProblemKind, link: string, reason: string, route: RenderedRoute): void {
    const key = `${kind}\u0000${link}\u0000${reason}`;
    let problem = this.problems.get(key);
    if (!problem) this.problems.set(key, (problem = { kind, link, reason, pages: [], routes: new Set() }));
    if (problem.routes.has(route.path)) return;
    problem.routes.add(route.path);
    const record = this.linkRecords(route).get(link);
    const position: SourcePosition =
      record && route.source
        ? { file: route.source.file, line: record.line, column: record.column }
        : (this.input.configPositionOf?.(link) ?? { file: this.input.configFile });
    problem.pages.push({ route: route.path, position });
  }

  /** The first record of each href on the page (where the author wrote it). */
  private linkRecords(route: RenderedRoute): Map<string, LinkRecord> {
    let records = this.recordsByRoute.get(route);
    if (!records) {
      records = new Map();
      for (const record of route.source?.links ?? []) if (!records.has(record.href)) records.set(record.href, record);
      this.recordsByRoute.set(route, records);
    }
    return records;
  }

  findings(): Finding[] {
    const { configFile } = this.input;
    const findings: Finding[] = [];
    for (const problem of this.problems.values()) {
      const kindLabel = problem.kind === 'broken-link' ? 'broken link' : 'broken anchor';
      // The pages that have the link from the announcement bar, the navbar, the footer or the theme
      // are one finding; the pages whose own text has it too are each their own, at the line the
      // author wrote it.
      const fromConfig = problem.pages.filter((p) => p.position.file === configFile);
      const grouped = fromConfig.length >= REPEATED_ON_PAGES;
      if (grouped) {
        findings.push({
          kind: problem.kind,
          link: problem.link,
          message: `${kindLabel} "${problem.link}" on ${fromConfig.length} pages: ${problem.reason}`,
          position: fromConfig[0]?.position ?? { file: configFile },
          hint: 'a link broken on this many pages probably comes from the announcement bar, the navbar, the footer or the theme',
          pages: fromConfig.map((p) => p.route),
        });
      }
      for (const page of grouped ? problem.pages.filter((p) => p.position.file !== configFile) : problem.pages) {
        findings.push({
          kind: problem.kind,
          link: problem.link,
          message: `${kindLabel} "${problem.link}" on ${page.route}: ${problem.reason}`,
          position: page.position,
          hint: problem.kind === 'broken-link' ? 'fix the link target or create the page' : 'link to a heading id that exists on the target page',
          pages: [page.route],
        });
      }
    }
    return findings;
  }
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

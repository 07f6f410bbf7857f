/**
 * rehype plugin: makes links and images point where readers will find them.
 * - `page.md` links (relative to the current file) become the route of that page;
 * - absolute `/path` links get the site's base path;
 * - images inside content/ are replaced by their hashed copy under `assets/`;
 * - links and images whose URL the content URL policy refuses (`javascript:`, `data:text/html`…)
 *   lose it, and the page's findings say so;
 * every link and image is recorded with its source position for the checks.
 */
import path from 'node:path';
import type { Root, Element } from 'hast';
import { visitElements } from './walk.ts';
import type { VFile } from 'vfile';
import { isExternal } from '../../theme/urls.ts';
import { allowedUrl } from './sanitize-url.ts';
import type { RemovedHtml } from './sanitize.ts';
import { isUnreadable, type ImageFacts, type ImageSize } from '../content/image-size.ts';
import type { UnclosedBlock } from './code-meta.ts';
import type { UndefinedReference } from './undefined-references.ts';
import type { RenamedId } from './headings.ts';
import type { MisplacedBlock } from './tabs.ts';
import { IMAGE_EXTENSIONS, hasImageExtension } from '../content/image-types.ts';

export interface LinkRecord {
  /** The href as written in the rendered page. */
  href: string;
  /** What the author wrote. */
  source: string;
  line: number;
  column: number;
}

export interface LinkFindings {
  links: LinkRecord[];
  brokenMarkdownLinks: LinkRecord[];
  missingImages: LinkRecord[];
  /** Images whose file could not be read as an image (image-size.ts), with why. */
  unreadableImages?: (LinkRecord & { reason: string })[];
  /** Content assets the page uses (POSIX paths relative to content/). */
  assets: string[];
  /** What the sanitizer or the URL policy took out of the page (`javascript:` links, `<iframe>`…). */
  removed?: RemovedHtml[];
  /** Code fences and `:::` containers never closed (code-meta.ts). */
  unclosed?: UnclosedBlock[];
  /** Tabs written so that they make no tabs (tabs.ts). */
  misplaced?: MisplacedBlock[];
  /** `{#custom-id}`s the theme reserves, renamed (headings.ts). */
  renamedIds?: RenamedId[];
  /** `[text][label]` whose label no definition names (undefined-references.ts). */
  undefinedReferences?: UndefinedReference[];
  /** Ids two elements of the page's content have: a `#fragment` lands on the first. */
  duplicateIds?: string[];
}

export interface LinkContext {
  baseUrl: string;
  /** POSIX path of the current file relative to content/. */
  relPath: string;
  /** Route (with base) of a doc, by its path relative to content/. */
  routeOfDoc(relPath: string): string | undefined;
  /** Public URL of a content asset, by its path relative to content/. */
  urlOfAsset(relPath: string): string | undefined;
  /** An image asset's size, or why it cannot be read as an image (image-size.ts), by its path relative to content/. */
  sizeOfAsset?(relPath: string): ImageFacts | undefined;
}

/**
 * A diagram at least this wide (CSS pixels) shrinks past legibility on a phone: its labels, 13-16 px
 * in the real site's diagrams, would be 5-6 px in a 328 px column. On narrow screens it keeps this
 * width in a box that scrolls sideways (theme/styles/main.css, `.figure-scroll`). SVG only: a
 * photo or a screenshot keeps fitting the column, and zooms on a click.
 */
export const WIDE_FIGURE_PX = 640;


/** The per-build part of the link context; the file's own path comes from the VFile. */
export type LinkResolvers = Omit<LinkContext, 'relPath'>;

export function rehypeLinks(resolvers: LinkResolvers) {
  return (tree: Root, file: VFile): void => {
    const context: LinkContext = { ...resolvers, relPath: file.path };
    const findings: LinkFindings = { links: [], brokenMarkdownLinks: [], missingImages: [], assets: [] };
    // What the raw HTML sanitizer (which runs before this plugin) removed joins the page's findings.
    const removedHtml = (file.data as { removedHtml?: RemovedHtml[] }).removedHtml;
    if (removedHtml?.length) findings.removed = [...removedHtml];
    (file.data as { links?: LinkFindings }).links = findings;
    const dir = path.posix.dirname(context.relPath);

    const wide: { node: Element; parent: Root | Element }[] = [];
    visitElements(tree, (node: Element, _index, parent, ancestors) => {
      if (node.tagName !== 'a' && node.tagName !== 'img') return;
      const { line, column } = startOf(node, ancestors);
      if (!passesUrlPolicy(node, findings, { line, column })) return;
      if (node.tagName === 'a' && typeof node.properties.href === 'string') {
        const source = node.properties.href;
        const href = rewriteHref(source, dir, context, () =>
          findings.brokenMarkdownLinks.push({ href: source, source, line, column }),
        );
        node.properties.href = href;
        if (isExternal(href) && /^https?:/.test(href)) {
          node.properties.target = '_blank';
          node.properties.rel = ['noopener', 'noreferrer'];
        }
        findings.links.push({ href, source, line, column });
      } else if (node.tagName === 'img' && typeof node.properties.src === 'string') {
        const source = node.properties.src;
        node.properties.loading = 'lazy';
        node.properties.decoding = 'async';
        if (isExternal(source)) return;
        if (source.startsWith('/')) {
          // A site path (a file of content/_static/, as Docusaurus's static folder): it gets the
          // base, as a link does, and must name a file there (asked as the asset `_static/…`).
          node.properties.src = siteUrl(source, context.baseUrl);
          if (context.urlOfAsset(staticFileOf(source, context.baseUrl)) === undefined) findings.missingImages.push({ href: source, source, line, column });
          return;
        }
        const assetPath = path.posix.normalize(path.posix.join(dir, decodeSafely(source.split(/[?#]/)[0] ?? '')));
        if (!hasImageExtension(assetPath)) {
          (findings.unreadableImages ??= []).push({ href: source, source, line, column, reason: `only ${[...IMAGE_EXTENSIONS].join(', ')} files are published as images, so this file is not published` });
          return;
        }
        const url = context.urlOfAsset(assetPath);
        if (url) {
          node.properties.src = url;
          findings.assets.push(assetPath);
          const size = context.sizeOfAsset?.(assetPath);
          if (isUnreadable(size)) (findings.unreadableImages ??= []).push({ href: source, source, line, column, reason: size.unreadable });
          // Not inside a link: a focusable box there would be a control inside a control.
          else if (size && giveSize(node, size) && isWideDiagram(assetPath, size) && parent && !ancestors.some(isLink)) wide.push({ node, parent });
        } else {
          findings.missingImages.push({ href: source, source, line, column });
        }
      }
    });
    // After the walk, which must not meet the wrappers (nor the images again).
    for (const { node, parent } of wide) wrapInScroller(node, parent);
  };
}

function isWideDiagram(assetPath: string, size: ImageSize): boolean {
  return size.width >= WIDE_FIGURE_PX && /\.svg$/i.test(assetPath);
}

const isLink = (node: Root | Element) => node.type === 'element' && node.tagName === 'a';

/**
 * Gives an image its file's size as `width` and `height` (not when the author set either), so the
 * browser reserves its space. True when it did.
 */
function giveSize(node: Element, size: ImageSize): boolean {
  if (node.properties.width !== undefined || node.properties.height !== undefined) return false;
  node.properties.width = size.width;
  node.properties.height = size.height;
  return true;
}

/** The image in a `<span class="figure-scroll">`, which keyboard users can focus to scroll it. */
function wrapInScroller(node: Element, parent: Root | Element): void {
  const index = parent.children.indexOf(node);
  if (index < 0) return;
  parent.children[index] = { type: 'element', tagName: 'span', properties: { className: ['figure-scroll'], tabIndex: 0 }, children: [node] };
}

/** Markdown links and images (all forms end up here) get the policy raw HTML gets in sanitize.ts. */
function passesUrlPolicy(node: Element, findings: LinkFindings, where: { line: number; column: number }): boolean {
  const property = node.tagName === 'a' ? 'href' : node.tagName === 'img' ? 'src' : undefined;
  const value = property ? node.properties[property] : undefined;
  if (!property || typeof value !== 'string' || allowedUrl(value, property === 'src' ? 'image' : 'link') !== undefined) return true;
  delete node.properties[property];
  (findings.removed ??= []).push({ message: `${node.tagName === 'a' ? 'link' : 'image'} URL ${JSON.stringify(value.slice(0, 60))} removed: only ${property === 'src' ? 'http(s), data:image/… and site' : 'http(s), mailto and site'} URLs are allowed`, ...where });
  return false;
}

/**
 * Where an element starts in the markdown file. Elements parsed from raw HTML can lack a start
 * (an unclosed tag, HTML inside an admonition): the nearest ancestor that has one stands in.
 */
function startOf(node: Element, ancestors: readonly (Root | Element)[]): { line: number; column: number } {
  for (const candidate of [node, ...[...ancestors].reverse()]) {
    const start = candidate.position?.start;
    if (start?.line !== undefined) return { line: start.line, column: start.column ?? 1 };
  }
  return { line: 1, column: 1 };
}

function rewriteHref(href: string, dir: string, context: LinkContext, onBroken: () => void): string {
  if (href === '' || href.startsWith('#') || isExternal(href)) return href;
  if (href.startsWith('/')) return siteUrl(href, context.baseUrl);
  const match = /^([^?#]*)([?#].*)?$/.exec(href);
  const pathPart = match?.[1] ?? href;
  const suffix = match?.[2] ?? '';
  if (!/\.mdx?$/.test(pathPart)) return href;
  const target = path.posix.normalize(path.posix.join(dir, decodeSafely(pathPart)));
  const route = context.routeOfDoc(target);
  if (route === undefined) {
    onBroken();
    return href;
  }
  return route + suffix;
}

/** The file of content/ a site path names: `/img/a.png` (or `<base>img/a.png`) is `_static/img/a.png`. */
function staticFileOf(source: string, baseUrl: string): string {
  const pathPart = decodeSafely(source.split(/[?#]/)[0] ?? '');
  const inSite = pathPart.startsWith(baseUrl) ? pathPart.slice(baseUrl.length) : pathPart.slice(1);
  return path.posix.normalize(`_static/${inSite}`);
}

/** A path from the site's root under the base (one that already starts with the base is kept). */
function siteUrl(href: string, baseUrl: string): string {
  return href.startsWith(baseUrl) || `${href}/` === baseUrl ? href : baseUrl + href.slice(1);
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

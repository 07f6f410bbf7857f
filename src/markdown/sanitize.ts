/**
 * Makes HTML from content safe to show: the URL policy (sanitize-url.ts) on every URL attribute,
 * then hast-util-sanitize with the content schema (sanitize-schema.ts). hast-util-sanitize is the
 * allow-list sanitizer of the unified ecosystem this pipeline is built on (GitHub's rules, kept
 * up to date, works on the tree we already have, so nothing is parsed or serialised twice).
 *
 * It also says what it removed, with the source position, so an author learns that a tag or a
 * link did not make it to the page instead of finding out from a reader.
 */
import type { Element, Nodes, Root } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { raw } from 'hast-util-raw';
import { toHtml } from 'hast-util-to-html';
import { find, html as htmlSchema } from 'property-information';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import { CONTENT_SCHEMA } from './sanitize-schema.ts';
import { allowedUrl, type UrlUse } from './sanitize-url.ts';

export interface RemovedHtml {
  message: string;
  line?: number;
  column?: number;
}

/** URL-valued properties and the use their URL is checked for (any other is dropped by the schema). */
const URL_PROPERTIES: Record<string, UrlUse | ((tagName: string) => UrlUse)> = {
  href: 'link',
  cite: 'link',
  src: (tagName) => (tagName === 'img' ? 'image' : 'link'),
};

/** Sanitises a whole tree (a page with raw HTML, an OpenAPI description). */
export function sanitizeContentTree(tree: Root): { tree: Root; removed: RemovedHtml[] } {
  const removed: RemovedHtml[] = [];
  enforceUrlPolicy(tree, removed);
  const before = positionedElements(tree);
  const clean = sanitize(tree, CONTENT_SCHEMA) as Root;
  reportRemovals(before, positionedElements(clean), removed);
  return { tree: clean, removed };
}

/** Sanitises an HTML string (the announcement bar): parsed as a browser would, then cleaned. */
export function sanitizeHtmlFragment(html: string): { html: string; removed: RemovedHtml[] } {
  // With a file and a positioned node, parsed elements get positions, which reportRemovals needs.
  const end = { line: html.split('\n').length, column: html.length - html.lastIndexOf('\n'), offset: html.length };
  const source = { type: 'raw' as const, value: html, position: { start: { line: 1, column: 1, offset: 0 }, end } };
  const parsed = raw({ type: 'root', children: [source] }, { file: new VFile(html) }) as Root;
  const { tree, removed } = sanitizeContentTree(parsed);
  return { html: toHtml(tree), removed };
}

/** Drops URLs the policy refuses; keeps allowed ones as the browser reads them (`HTTPS:` → `https:`). */
function enforceUrlPolicy(tree: Root, removed: RemovedHtml[]): void {
  visit(tree, 'element', (node: Element) => {
    for (const [property, useOf] of Object.entries(URL_PROPERTIES)) {
      const value = node.properties[property];
      if (value === undefined || value === null) continue;
      const use = typeof useOf === 'function' ? useOf(node.tagName) : useOf;
      const allowed = typeof value === 'string' ? allowedUrl(value, use) : undefined;
      if (allowed === undefined) {
        delete node.properties[property];
        removed.push({ message: `${attributeName(property)}="${shorten(String(value))}" removed from <${node.tagName}>: only ${use === 'image' ? 'http(s), data:image/… and site' : 'http(s), mailto and site'} URLs are allowed`, ...where(node) });
      } else if (allowed !== value) {
        node.properties[property] = allowed;
      }
    }
  });
}

interface ElementSummary {
  tagName: string;
  properties: string[];
  node: Element;
}

/** Elements with a source position (all that come from the author), keyed by where they start. */
function positionedElements(tree: Nodes): Map<string, ElementSummary> {
  const found = new Map<string, ElementSummary>();
  visit(tree, 'element', (node: Element) => {
    const start = node.position?.start;
    if (start?.offset === undefined) return;
    found.set(`${start.offset}:${node.tagName}`, { tagName: node.tagName, properties: Object.keys(node.properties), node });
  });
  return found;
}

function reportRemovals(before: Map<string, ElementSummary>, after: Map<string, ElementSummary>, removed: RemovedHtml[]): void {
  for (const [key, element] of before) {
    const kept = after.get(key);
    if (!kept) {
      const content = CONTENT_SCHEMA.strip?.includes(element.tagName) ? 'with its content' : 'its text is kept';
      removed.push({ message: `raw HTML <${element.tagName}> removed (${content}): the element is not allowed in content`, ...where(element.node) });
      continue;
    }
    const lost = element.properties.filter((p) => !kept.properties.includes(p));
    // id (anywhere) and name (on <a>) are allowed, so losing them means the value is reserved.
    const isReserved = (p: string) => p === 'id' || (p === 'name' && element.tagName === 'a');
    const reserved = lost.filter(isReserved);
    const other = lost.filter((p) => !isReserved(p));
    for (const p of reserved) {
      removed.push({ message: `${p}="${shorten(String(element.node.properties[p]))}" removed from <${element.tagName}>: the theme's own ids and ids starting with "__" or "docsgen" are reserved`, ...where(element.node) });
    }
    if (other.length > 0) {
      removed.push({ message: `attribute ${other.map(attributeName).join(', ')} removed from <${element.tagName}>: not allowed in content`, ...where(element.node) });
    }
    reportFilteredValues(element, kept, removed);
  }
}

/**
 * What the schema changed inside an attribute it kept: class names outside the few the theme
 * styles (hast-util-sanitize filters the list and keeps the attribute, so the names vanished
 * without a word, and an empty `class=""` was written), and an `<input>` of another type, which
 * the schema turns into a disabled checkbox (the only input content may hold: task lists).
 */
function reportFilteredValues(element: ElementSummary, kept: ElementSummary, removed: RemovedHtml[]): void {
  const classes = (node: Element) => (Array.isArray(node.properties.className) ? node.properties.className.map(String) : []);
  const keptClasses = classes(kept.node);
  const dropped = classes(element.node).filter((name) => !keptClasses.includes(name));
  if (dropped.length > 0) {
    removed.push({ message: `class ${dropped.map((name) => `"${shorten(name)}"`).join(', ')} removed from <${element.tagName}>: content may use only the classes the theme gives its own markup`, ...where(element.node) });
  }
  if (keptClasses.length === 0 && 'className' in kept.node.properties) delete kept.node.properties.className;
  const type = element.node.properties.type;
  if (element.tagName === 'input' && typeof type === 'string' && type.toLowerCase() !== 'checkbox') {
    removed.push({ message: `<input type="${shorten(type)}"> turned into a disabled checkbox: content may hold only the checkboxes of task lists`, ...where(element.node) });
  }
}

function attributeName(property: string): string {
  return find(htmlSchema, property).attribute;
}

function where(node: Element): { line?: number; column?: number } {
  const start = node.position?.start;
  return start ? { line: start.line, column: start.column } : {};
}

function shorten(value: string): string {
  const printable = value.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return printable.length > 60 ? `${printable.slice(0, 57)}…` : printable;
}

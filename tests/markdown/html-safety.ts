/**
 * The invariant the sanitizer must keep, checked on HTML as a browser parses it (parse5, the
 * HTML standard's parser): no element that runs or loads script or changes how the page resolves
 * URLs, no event-handler attribute, no script-capable URL in any attribute, no inline style
 * outside highlighted code. Returns what is wrong (empty when the HTML is safe).
 *
 * Two structures are docsgen's own, added after sanitising from fixed templates, never from
 * content (the sanitizer removes every <svg> and <button> content writes): an admonition's icon,
 * exactly `<svg class="admonition-icon" aria-hidden="true">` holding only `<path d>`, and a tab,
 * exactly `<button type="button" role="tab" class="tabs__tab">` holding only text.
 */
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const FORBIDDEN_ELEMENTS = new Set([
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'form', 'button',
  'style', 'svg', 'math', 'noscript', 'template', 'textarea', 'select', 'xmp', 'noembed', 'noframes', 'title', 'isindex',
  'video', 'audio', 'marquee', 'keygen', 'bgsound', 'body', 'map', 'area',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster', 'cite', 'data', 'codebase', 'dynsrc', 'lowsrc', 'longdesc', 'usemap', 'srcdoc', 'srcset', 'values', 'to', 'from', 'by']);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

export function unsafeParts(html: string): string[] {
  const problems: string[] = [];
  // Highlighted code (Shiki, added after sanitising) is the one place inline styles belong.
  const walk = (node: Node, insideShiki: boolean) => {
    let shiki = insideShiki;
    if ('tagName' in node) {
      const element = node as Element;
      if (isAdmonitionIcon(element) || isTab(element)) return;
      shiki ||= element.tagName === 'pre' && /\bshiki\b/.test(attribute(element, 'class') ?? '');
      checkElement(element, shiki, problems);
      if (element.tagName === 'template') walk((element as unknown as { content: Node }).content, shiki);
    }
    if ('childNodes' in node) for (const child of node.childNodes) walk(child, shiki);
  };
  walk(parseFragment(html) as unknown as Node, false);
  return problems;
}

function checkElement(element: Element, insideShiki: boolean, problems: string[]): void {
  if (FORBIDDEN_ELEMENTS.has(element.tagName)) problems.push(`<${element.tagName}> element`);
  if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml') problems.push(`<${element.tagName}> in ${element.namespaceURI}`);
  if (element.tagName === 'input' && (attribute(element, 'type') !== 'checkbox' || attribute(element, 'disabled') === undefined)) problems.push('<input> that is not a disabled checkbox');
  for (const { name, value, prefix } of element.attrs) {
    const full = prefix ? `${prefix}:${name}` : name;
    if (/^on/i.test(name)) problems.push(`event handler ${full} on <${element.tagName}>`);
    if (name === 'style' && !insideShiki) problems.push(`style attribute on <${element.tagName}>`);
    if (name === 'srcdoc' || name === 'formaction' || name === 'action') problems.push(`${full} on <${element.tagName}>`);
    if (URL_ATTRIBUTES.has(full) && !isSafeUrl(value, element.tagName === 'img' && name === 'src')) problems.push(`${full}="${value}" on <${element.tagName}>`);
    if (name === 'id' && /^(__docsgen|__docsgen_data|main-content|doc-content)$/.test(value)) problems.push(`reserved id "${value}"`);
  }
}

function isAdmonitionIcon(element: Element): boolean {
  if (element.tagName !== 'svg' || attribute(element, 'class') !== 'admonition-icon' || attribute(element, 'aria-hidden') !== 'true') return false;
  const allowed = new Set(['class', 'viewbox', 'viewBox', 'width', 'height', 'aria-hidden', 'focusable', 'fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin']);
  if (!element.attrs.every((a) => allowed.has(a.name) && !/[<>:(]/.test(a.value))) return false;
  return element.childNodes.every((child) => 'tagName' in child && child.tagName === 'path' && child.attrs.every((a) => a.name === 'd' && /^[\d\s.,a-zA-Z-]*$/.test(a.value)) && child.childNodes.length === 0);
}

function isTab(element: Element): boolean {
  if (element.tagName !== 'button' || attribute(element, 'type') !== 'button' || attribute(element, 'role') !== 'tab' || attribute(element, 'class') !== 'tabs__tab') return false;
  const allowed = new Set(['type', 'role', 'id', 'class', 'aria-selected', 'aria-controls', 'tabindex']);
  return element.attrs.every((a) => allowed.has(a.name)) && element.childNodes.every((child) => child.nodeName === '#text');
}

/** What a browser's URL parser would take as the scheme (after dropping what it ignores). */
export function isSafeUrl(value: string, isImage: boolean): boolean {
  const cleaned = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  if (isImage && scheme === 'data') return /^data:image\//i.test(cleaned);
  return SAFE_SCHEMES.has(scheme);
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

/**
 * What the prerendered API reference does with JavaScript: open deep links (also Swagger UI's
 * `#/tag/operation` form, and anchors on another page of a split API), filter operations, copy
 * code, remember the sample language, fill collapsed schemas from their section, and Try it.
 * The reference is static HTML, so this works on the DOM through event delegation.
 */
import type { ApiPageData } from '../../data.ts';
import { loadStylesheet } from '../stylesheet.ts';
import { filterWords, matchesFilter } from './filter.ts';
import { rememberFilter, savedFilter } from './filter-memory.ts';
export { rememberFilter, savedFilter };
import { openTryIt, prefetchTryIt } from './try-it.ts';
import { applyRememberedServer, SERVER_CHANGED } from './remembered-server.ts';
import { idOfHash, routeOfPath, withBase } from '../../urls.ts';
import { readStorage, writeStorage } from '../../storage.ts';
import { copyText } from '../copy-text.ts';
import { announce } from '../route-focus.ts';
import { hasRestoredScroll, restoreScrollAfterLayout, savedScroll } from '../scroll-memory.ts';
import { keepInPlace } from '../keep-in-place.ts';

export interface EnhanceOptions {
  api: ApiPageData;
  swaggerStylesheet: string | undefined;
  /** Empties the filter box (its state lives in the page component). */
  clearFilter: () => void;
  /** The text in the filter box now. */
  currentFilter: () => string;
  /** Puts a history entry's text back in the filter box (the list is narrowed here at once). */
  showFilter: (query: string) => void;
  /** The page's path (base included): a popstate to another path is the router's. */
  path: string;
}

const LANGUAGE_KEY = 'docsgen.api.sampleLanguage';

export function enhanceReference(root: HTMLElement, options: EnhanceOptions): () => void {
  setSampleLanguage(root, readLanguage());
  addFilterWords(root, options.api);
  // Until now every sample showed: a position restored on reload or Back was in the wrong layout.
  restoreScrollAfterLayout();
  const onClick = (event: MouseEvent) => void handleClick(root, options, event);
  const onToggle = (event: Event) => {
    const details = event.target as HTMLElement;
    if (details instanceof HTMLDetailsElement && details.open) fillCollapsedSchemas(details);
  };
  // Back and Forward within the page (a popstate): the entry's own filter text, as on a reload. A
  // new entry (Chromium and Firefox fire popstate for an in-page link too, the state still empty)
  // keeps the text shown, so Back and Forward to it, from here or from another page, bring it back.
  let traversedTo: string | undefined;
  const onPop = () => {
    if (routeOfPath(window.location.pathname) !== options.path) return;
    // An entry read before has its position (the router restores it); a new one has none.
    if (savedScroll() !== undefined) traversedTo = window.location.href;
    const saved = savedFilter();
    if (saved === undefined) return rememberFilter(options.currentFilter());
    traversedTo = window.location.href;
    applyFilter(root, saved);
    if (saved !== options.currentFilter()) options.showFilter(saved);
  };
  const onHash = () => {
    const traversed = traversedTo === window.location.href;
    traversedTo = undefined;
    if (!traversed && savedFilter() === undefined) rememberFilter(options.currentFilter()); // a browser without that popstate
    // The entry's filter stands, as on a reload, even when it hides the entry's target. Back and
    // Forward to an entry read before return to where it was read (the router restored it on the
    // popstate before this hashchange), not to its anchor; the focus stays, as on a doc page.
    const backToPosition = traversed && hasRestoredScroll();
    openFromHash(root, options, !backToPosition, !traversed, !backToPosition);
  };
  // A click on a link to the hash already in the address bar fires no hashchange.
  const onLink = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href*="#"]') as HTMLAnchorElement | null;
    if (link && link.hash === window.location.hash && link.pathname === window.location.pathname) requestAnimationFrame(onHash);
  };
  root.addEventListener('click', onClick);
  root.addEventListener('toggle', onToggle, true);
  window.addEventListener('popstate', onPop);
  window.addEventListener('hashchange', onHash);
  document.addEventListener('click', onLink);
  // The code samples call the server the reader chose in Try it (remembered across visits).
  const onServer = () => applyRememberedServer(root, options.api.specUrl);
  window.addEventListener(SERVER_CHANGED, onServer);
  onServer();
  // On a reload, Back or Forward the entry's saved position is where the reader was, not its anchor
  // (the target's sections are still opened: they were when the position was saved). Opened from
  // an address, the anchor's heading takes the focus, as after a link: a screen reader names it.
  const restoring = hasRestoredScroll();
  openFromHash(root, options, !restoring, true, !restoring);
  if (restoring) restoreScrollAfterLayout();
  const cancelPrefetch = prefetchTryIt(options.swaggerStylesheet, loadStylesheet);
  document.documentElement.dataset.apiReady = 'true';
  return () => {
    root.removeEventListener('click', onClick);
    root.removeEventListener('toggle', onToggle, true);
    window.removeEventListener('popstate', onPop);
    window.removeEventListener('hashchange', onHash);
    document.removeEventListener('click', onLink);
    window.removeEventListener(SERVER_CHANGED, onServer);
    cancelPrefetch();
    delete document.documentElement.dataset.apiReady;
  };
}

async function handleClick(root: HTMLElement, options: EnhanceOptions, event: MouseEvent): Promise<void> {
  const target = event.target as Element | null;
  const copy = target?.closest<HTMLButtonElement>('[data-copy]');
  if (copy) return copyCode(copy);
  const lang = target?.closest<HTMLButtonElement>('button[data-lang]');
  if (lang?.dataset.lang) {
    // Every operation's sample changes height: the pressed button stays where the reader's pointer is.
    const chosen = lang.dataset.lang;
    keepInPlace(lang, () => setSampleLanguage(root, chosen));
    writeStorage(LANGUAGE_KEY, lang.dataset.lang); // without storage, the choice lasts for this page
    return;
  }
  const status = target?.closest<HTMLButtonElement>('button[data-response-status]');
  if (status) return showResponseSample(status);
  const tryIt = target?.closest<HTMLButtonElement>('[data-try-it]');
  const op = tryIt?.closest<HTMLElement>('[data-op]');
  if (tryIt && op) await openTryIt(op, tryIt, { specUrl: options.api.specUrl, stylesheet: options.swaggerStylesheet, load: loadStylesheet });
}

function readLanguage(): string {
  return readStorage(LANGUAGE_KEY) ?? 'curl';
}

/**
 * Shows each operation's sample in the chosen language, or its first where it has none (an
 * author's own samples may be in other languages, or lack curl).
 */
function setSampleLanguage(root: HTMLElement, lang: string): void {
  root.dataset.lang = lang;
  root.querySelectorAll<HTMLElement>('[data-samples]').forEach((block) => {
    const samples = [...block.querySelectorAll<HTMLElement>('[data-sample]')];
    const shown = (samples.find((sample) => sample.dataset.sample === lang) ?? samples[0])?.dataset.sample;
    showOnly(block, 'data-sample', 'data-lang', shown);
  });
}

/** Shows the example of the status pressed, in that operation only. */
function showResponseSample(button: HTMLButtonElement): void {
  const block = button.closest<HTMLElement>('[data-response-samples]');
  if (block) showOnly(block, 'data-response-sample', 'data-response-status', button.dataset.responseStatus);
}

/** In one block, shows the item whose `itemKey` attribute is `shown` and presses the button whose `buttonKey` is, and no other. */
function showOnly(block: HTMLElement, itemKey: string, buttonKey: string, shown: string | undefined): void {
  block.querySelectorAll<HTMLElement>(`[${itemKey}]`).forEach((item) => item.toggleAttribute('data-shown', item.getAttribute(itemKey) === shown));
  block.querySelectorAll<HTMLButtonElement>(`button[${buttonKey}]`).forEach((button) => button.setAttribute('aria-pressed', String(button.getAttribute(buttonKey) === shown)));
}

async function copyCode(button: HTMLButtonElement): Promise<void> {
  const pre = button.closest('.api-code')?.querySelector('pre');
  if (!pre) return;
  // The button's name (its aria-label) stays "Copy …": the live region tells screen readers.
  if (await copyText(pre.textContent ?? '')) {
    flash(button, 'Copied');
    announce('Copied');
    return;
  }
  // The browser let nothing copy (a policy or an old browser): select the code for Ctrl+C.
  const range = document.createRange();
  range.selectNodeContents(pre);
  window.getSelection()?.removeAllRanges();
  window.getSelection()?.addRange(range);
  flash(button, 'Selected: press Ctrl+C');
  announce('Selected: press Ctrl+C to copy');
}

function flash(button: HTMLButtonElement, text: string): void {
  const original = button.dataset.label ?? button.textContent ?? 'Copy';
  button.dataset.label = original;
  button.textContent = text;
  setTimeout(() => (button.textContent = original), 1500);
}

/**
 * Hides the operations (and their tags) and the named schemas that do not match, as the column
 * lists them; the intro, authentication and webhooks hide while filtering.
 */
export function applyFilter(root: HTMLElement, query: string): void {
  const words = filterWords(query);
  let shown = 0;
  root.querySelectorAll<HTMLElement>('[data-tag-section]').forEach((tag) => {
    if (showMatching(tag, '[data-op], [data-op-link]', words)) shown++;
    // "Also tagged …" goes with its last matching link.
    tag.querySelectorAll<HTMLElement>('.api-tag__also').forEach((also) => (also.hidden = !also.querySelector('[data-op-link]:not([hidden])')));
  });
  root.querySelectorAll<HTMLElement>('[data-schemas]').forEach((section) => {
    if (showMatching(section, '.api-named-schema', words)) shown++;
  });
  root.querySelectorAll<HTMLElement>('.api-intro, .api-auth, .api-webhooks, .api-overview').forEach((el) => (el.hidden = words.length > 0));
  const empty = root.querySelector<HTMLElement>('[data-filter-empty]');
  if (empty) empty.hidden = words.length === 0 || shown > 0;
}

/**
 * The filter's extra words of each operation (tags, description, parameter and property names) are
 * in the column's data only, not repeated in the page: added here to the `data-filter` text of its
 * section and of its "also tagged" links (whose value is its anchor).
 */
function addFilterWords(root: HTMLElement, api: ApiPageData): void {
  const words = new Map(api.nav.flatMap((tag) => [...(tag.operations ?? []), ...(tag.also ?? [])]).map((op) => [op.anchor, op.filterWords]));
  root.querySelectorAll<HTMLElement>('[data-op], [data-op-link]').forEach((item) => {
    const more = words.get(item.dataset.opLink || item.id);
    if (more) item.dataset.filter += ` ${more}`;
  });
}

/** Hides the `items` of `section` whose `data-filter` text lacks a word, and the section when none is left; true when some are shown. */
function showMatching(section: HTMLElement, items: string, words: readonly string[]): boolean {
  let any = false;
  section.querySelectorAll<HTMLElement>(items).forEach((item) => {
    item.hidden = !matchesFilter(item.dataset.filter ?? '', words);
    if (!item.hidden) any = true;
  });
  section.hidden = !any;
  return any;
}

/** Opens a collapsed schema by copying its section's tree (a schema inside itself says so instead). */
function fillCollapsedSchemas(details: HTMLDetailsElement): void {
  details.querySelectorAll<HTMLElement>(':scope > .api-collapsed[data-schema-ref]').forEach((placeholder) => {
    const name = placeholder.dataset.schema ?? '';
    const source = document.getElementById(placeholder.dataset.schemaRef ?? '')?.querySelector('.api-schema__body');
    if (!source) return;
    if (placeholder.closest(`[data-schema-name="${CSS.escape(name)}"]`)) {
      placeholder.textContent = `circular: ${name} (this schema contains itself here)`;
      placeholder.removeAttribute('data-schema-ref');
      return;
    }
    placeholder.replaceWith(source.cloneNode(true));
  });
}

/**
 * Brings the element the address names into view: opens the details around it, clears a filter
 * that hides it, and follows Swagger UI's `#/tag/operation` links and anchors on another page.
 */
function openFromHash(root: HTMLElement, options: EnhanceOptions, moveFocus: boolean, mayClearFilter = true, scroll = true): void {
  const id = idOfHash(window.location.hash);
  if (!id) return;
  const target = document.getElementById(id) ?? swaggerDeepLinkTarget(root, id);
  if (!target) {
    followToOtherPage(options.api, id);
    return;
  }
  if (target.id !== id) window.history.replaceState(window.history.state, '', `#${target.id}`);
  if (target.closest('[hidden]') && root.contains(target)) {
    if (!mayClearFilter) return;
    options.clearFilter();
    applyFilter(root, '');
  }
  for (let details = target.closest('details'); details; details = details.parentElement?.closest('details') ?? null) details.open = true;
  if (scroll) target.scrollIntoView({ block: 'start' });
  if (moveFocus) {
    const focused = headingOf(target);
    if (!focused.hasAttribute('tabindex')) focused.setAttribute('tabindex', '-1');
    focused.focus({ preventScroll: true });
  }
}

/**
 * What takes the focus for an anchor: a tag's, operation's or schema's section has no name, so a
 * screen reader focused on it read the whole section out; its own heading names it, and the next
 * Tab goes on from there all the same.
 */
function headingOf(target: HTMLElement): HTMLElement {
  if (target.tagName !== 'SECTION') return target;
  return target.querySelector<HTMLElement>(':scope > h2, :scope > h3') ?? target;
}

/** Swagger UI's deep links: `/{tag}/{operation key}` or `/{tag}` (see src/openapi/anchors.ts). */
function swaggerDeepLinkTarget(root: HTMLElement, id: string): HTMLElement | null {
  if (!id.startsWith('/')) return null;
  const [tag = '', key] = id.slice(1).split('/');
  const ops = [...root.querySelectorAll<HTMLElement>('[data-op]')];
  if (key) return ops.find((op) => op.dataset.op === key && op.dataset.opTag === tag) ?? ops.find((op) => op.dataset.op === key) ?? null;
  return ops.find((op) => op.dataset.opTag === tag)?.closest<HTMLElement>('[data-tag-section]') ?? null;
}

/** On a split API, an operation or tag anchor may live on another page: go there. */
function followToOtherPage(api: ApiPageData, id: string): void {
  // An operation listed under another of its tags names the page that shows it.
  const listed = api.nav.flatMap((t) => t.also ?? []).find((op) => op.anchor === id);
  const route = listed?.home ?? api.nav.find((t) => t.anchor === id || t.operations?.some((op) => op.anchor === id))?.route;
  if (!route || window.location.pathname.endsWith(route)) return;
  const link = document.createElement('a');
  link.href = `${withBase(document.documentElement.dataset.base ?? '/', route)}#${id}`;
  document.body.appendChild(link);
  link.click(); // the client router takes internal links
  link.remove();
}

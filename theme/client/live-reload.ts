/**
 * `docsgen serve`'s live-reload client (served only by the dev server, bundled on its start): it
 * listens to the server's events, reloads the tab after a rebuild, lets the running app swap an
 * edited page in place and forget the search index it loaded, and shows a failed build's error over
 * the page until the file is fixed.
 */
import { routeOfPath } from '../urls.ts';
import { SEARCH_UPDATED_EVENT } from '../search/fetch-json.ts';
import { ROUTES_CHANGED_EVENT } from '../constants.ts';

const EVENTS_PATH = '/__docsgen/events';

let overlay: HTMLElement | undefined;

function showError(text: string): void {
  overlay ??= Object.assign(document.createElement('div'), { id: 'docsgen-error-overlay' });
  overlay.setAttribute('role', 'alert');
  overlay.style.cssText = 'position:fixed;inset:0;z-index:10000;background:rgba(20,20,20,.94);color:#ffb4ab;font:14px/1.5 monospace;padding:2rem;white-space:pre-wrap;overflow:auto';
  overlay.textContent = `docsgen: the build failed; fix the file and save, this page reloads by itself.\n\n${text}`;
  document.body.appendChild(overlay);
}

function onPageUpdated(paths: string[]): void {
  overlay?.remove(); // the build works again
  overlay = undefined;
  // A page the tab prefetched (a hovered link) must not be shown as it was before the edit.
  window.dispatchEvent(new CustomEvent(ROUTES_CHANGED_EVENT, { detail: { paths } }));
  // Tools driving the tab (the tests) wait for this, as for data-live-reload.
  document.documentElement.dataset.routesChanged = paths.join(' ');
  if (!paths.includes(routeOfPath(location.pathname))) return;
  // The running app swaps the content in place; without it (say, the bundle failed) reload.
  const event = new CustomEvent('docsgen:page-updated', { detail: { path: routeOfPath(location.pathname), handled: false } });
  window.dispatchEvent(event);
  if (!event.detail.handled) location.reload();
}

const source = new EventSource(EVENTS_PATH);
// Tools driving the tab (the tests, the bench) wait for this instead of guessing how long connecting takes.
source.addEventListener('open', () => document.documentElement.setAttribute('data-live-reload', 'connected'));
source.addEventListener('reload', () => location.reload());
source.addEventListener('page-updated', (e) => onPageUpdated((JSON.parse((e as MessageEvent<string>).data) as { paths: string[] }).paths));
source.addEventListener('search-updated', () => window.dispatchEvent(new Event(SEARCH_UPDATED_EVENT)));
source.addEventListener('build-error', (e) => showError((JSON.parse((e as MessageEvent<string>).data) as { message: string }).message));

/** Adds a stylesheet once and resolves when it has loaded (lazy parts bring their own styles). */
const loading = new Map<string, Promise<void>>();

export function loadStylesheet(href: string | undefined): Promise<void> {
  if (!href) return Promise.resolve();
  let pending = loading.get(href);
  // A page's own stylesheets are linked in its HTML, and have loaded before any script runs.
  if (!pending && document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return Promise.resolve();
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => {
        loading.delete(href);
        link.remove();
        reject(new Error(`could not load ${href}`));
      };
      document.head.appendChild(link);
    });
    loading.set(href, pending);
  }
  return pending;
}

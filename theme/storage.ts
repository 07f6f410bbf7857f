/**
 * localStorage that never throws: when the browser refuses storage (privacy mode, disabled
 * cookies), one warning is logged and features keep working without persistence.
 */
let warned = false;

function store(): Storage | undefined {
  try {
    const storage = window.localStorage;
    // Touching the storage is what throws in locked-down browsers.
    storage.getItem('__docsgen_probe__');
    return storage;
  } catch (error) {
    if (!warned) {
      warned = true;
      console.warn('docsgen: browser storage is unavailable, so preferences will not be remembered.', error);
    }
    return undefined;
  }
}

export function readStorage(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  const storage = store();
  if (!storage) return;
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch (error) {
    if (!warned) {
      warned = true;
      console.warn('docsgen: browser storage is unavailable, so preferences will not be remembered.', error);
    }
  }
}

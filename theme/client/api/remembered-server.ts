/**
 * Try it remembers the server the reader chose and the values they typed for its variables (the
 * hub's host and port), per API, across operations and visits, as Scalar does: without it every
 * reload started again from localhost:80. What is remembered, and the base URL it makes, is
 * decided with Try it (server-choice.ts); this part, run while reading, writes that base URL into
 * the code samples, so it stays small.
 */
import { readStorage } from '../../storage.ts';
import { insidePowershellQuotes, insideShellQuotes } from '../../sample-quotes.ts';

export interface RememberedServer {
  /** The server chosen: its URL as the spec writes it. */
  url: string;
  /** The values the reader typed, by variable name (they hold for any server with that variable). */
  variables: Record<string, string>;
  /** The chosen server's base URL with its variables filled in, as the samples write it ('' when none; absent in entries stored before it was). */
  base?: string;
}

export const serverKey = (specUrl: string) => `docsgen.tryIt.server:${specUrl}`;

export function readRememberedServer(specUrl: string): RememberedServer | undefined {
  try {
    const value = JSON.parse(readStorage(serverKey(specUrl)) ?? 'null') as RememberedServer | null;
    return value && typeof value.url === 'string' && value.variables && typeof value.variables === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Fired on window when the remembered server of an API changes (detail: its specUrl). */
export const SERVER_CHANGED = 'docsgen:try-it-server';

/**
 * Writes the remembered server into the code samples that use the document's first server, so a
 * copied sample calls the reader's hub. The base each sample block has now is kept on it, and a
 * line above the samples says so: the page's Servers section still lists the spec's servers.
 */
export function applyRememberedServer(root: HTMLElement, specUrl: string): void {
  const base = readRememberedServer(specUrl)?.base;
  if (!base || typeof base !== 'string') return;
  for (const samples of root.querySelectorAll<HTMLElement>('[data-sample-base]')) {
    const before = samples.dataset.sampleBase;
    if (!before || before === base) continue;
    for (const sample of samples.querySelectorAll<HTMLElement>('[data-sample]')) {
      const [from, to] = [before, base].map((url) => inString(sample.dataset.sample, url));
      if (from && to) for (const code of sample.querySelectorAll('pre code')) replaceInCode(code, from, to);
    }
    samples.dataset.sampleDocumented ??= before;
    samples.dataset.sampleBase = base;
    noteServer(samples, base === samples.dataset.sampleDocumented ? undefined : base);
  }
}

/**
 * A URL as it is written inside a sample's string: curl's and PowerShell's single quotes (by the
 * rules the build wrote the samples with, sample-quotes.ts), JavaScript's and Python's double quotes
 * (JSON.stringify). In an author's sample of another language, only a URL that needs no escaping is
 * written (else undefined).
 */
export function inString(lang: string | undefined, url: string): string | undefined {
  if (lang === 'curl') return insideShellQuotes(url);
  if (lang === 'javascript' || lang === 'python') return JSON.stringify(url).slice(1, -1);
  if (lang === 'powershell') return insidePowershellQuotes(url);
  return /^[\w.:/[\]~%-]*$/.test(url) ? url : undefined;
}

/** "These samples call …, the server chosen in Try it." above a block of samples, or no line. */
function noteServer(samples: HTMLElement, base: string | undefined): void {
  let note = samples.querySelector<HTMLElement>(':scope > .api-samples__server');
  if (!base) return note?.remove();
  if (!note) {
    note = document.createElement('p');
    note.className = 'api-samples__server';
    const title = samples.querySelector(':scope > .api-samples__title');
    if (title) title.after(note);
    else samples.prepend(note);
  }
  note.textContent = `These samples call ${base}, the server chosen in Try it.`;
}

/**
 * Replaces `before` in a code block, keeping its colours: the URL is one token (inside a string),
 * so it is replaced in each text node; where it spans tokens, the block is rewritten as plain text.
 */
function replaceInCode(code: Element, before: string, after: string): void {
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue?.includes(before)) node.nodeValue = node.nodeValue.split(before).join(after);
  }
  const text = code.textContent ?? '';
  if (text.includes(before)) code.textContent = text.split(before).join(after);
}

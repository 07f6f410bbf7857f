/**
 * The headings of an API's introduction (its `info.description`) get ids, so "Conventions" or
 * "Errors" can be linked and listed in the operations column, as Redoc lists them in its menu.
 * The ids are `intro/<words>`, beside the reference's own `operation/…`, `tag/…` and `schema/…`.
 */
import { unescapeMicromark } from './micromark-entities.ts';

export interface IntroHeading {
  id: string;
  text: string;
}

/** micromark writes a heading as `<hN>…</hN>`, with no attributes. */
const HEADING = /<h([1-6])>([\s\S]*?)<\/h\1>/g;

export function withIntroHeadingIds(html: string): { html: string; headings: IntroHeading[] } {
  const headings: IntroHeading[] = [];
  const used = new Set<string>();
  const out = html.replace(HEADING, (whole, level: string, inner: string) => {
    const text = unescapeMicromark(inner.replace(/<[^>]*>/g, '')).trim();
    const words = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
    if (!words) return whole;
    let id = `intro/${words}`;
    for (let n = 2; used.has(id); n++) id = `intro/${words}-${n}`;
    used.add(id);
    headings.push({ id, text });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  return { html: out, headings };
}

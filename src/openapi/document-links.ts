/**
 * The links an OpenAPI document gives besides its operations: the API's contact, licence and terms
 * of service, and the external documentation of the API, a tag or an operation. Each URL passes the
 * content URL policy (sanitize-url.ts); one that does not keeps its text without a link.
 */
import type { ApiLinkView } from '../../theme/api-model.ts';
import { allowedUrl } from '../markdown/sanitize-url.ts';
import { isObject, trimmedText as text } from './pointer.ts';

/** Contact, licence, terms of service and external documentation of the whole API. */
export function infoLinks(document: Record<string, unknown>): ApiLinkView[] {
  const info = isObject(document.info) ? document.info : {};
  const links: ApiLinkView[] = [];
  const contact = isObject(info.contact) ? info.contact : {};
  const name = text(contact.name);
  const url = text(contact.url);
  const email = text(contact.email);
  if (name || url) links.push(link('Contact', name || url, url));
  if (email) links.push(link(name || url ? 'Contact email' : 'Contact', email, `mailto:${email}`));
  const license = isObject(info.license) ? info.license : {};
  const identifier = text(license.identifier);
  if (text(license.name)) links.push(link('Licence', text(license.name), text(license.url) || (identifier ? `https://spdx.org/licenses/${identifier}.html` : '')));
  if (text(info.termsOfService)) links.push(link('Terms of service', text(info.termsOfService), text(info.termsOfService)));
  const docs = externalDocs(document.externalDocs);
  if (docs) links.push(docs);
  return links;
}

/** An `externalDocs` object as a link (its description as the text, else its URL). */
export function externalDocs(node: unknown): ApiLinkView | undefined {
  if (!isObject(node) || !text(node.url)) return undefined;
  return link('External documentation', text(node.description) || text(node.url), text(node.url));
}

/** `{ externalDocs }` for a view, when the node has a usable one. */
export function externalDocsField(node: unknown): { externalDocs?: ApiLinkView } {
  const docs = externalDocs(node);
  return docs ? { externalDocs: docs } : {};
}

function link(label: string, linkText: string, url: string): ApiLinkView {
  const href = url ? allowedUrl(url, 'link') : undefined;
  return { label, text: linkText, ...(href ? { href } : {}) };
}

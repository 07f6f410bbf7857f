/**
 * Fingerprints of a build's inputs. Pages are rendered while their markdown arrives, before the
 * search index exists, yet every page names the index's file; so the index is named by what it is
 * made from (the same inputs always give the same index) rather than by its bytes.
 */
import { createHash } from 'node:crypto';
import { DOCSGEN_VERSION } from '../paths.ts';
import type { Content } from './content.ts';
import type { Project } from './project.ts';
import type { ApiPage } from './api.ts';

/** A name that changes whenever anything the search index is made from changes. */
export function searchInputsName(project: Project, content: Pick<Content, 'docs' | 'categories'>, apiPages: readonly ApiPage[]): string {
  const hash = createHash('sha256');
  const part = (text: string) => hash.update(text).update('\u0000');
  part(DOCSGEN_VERSION);
  part(JSON.stringify(project.config));
  // Without the files' absolute paths: the same site in another folder names its index the same.
  const categories = [...content.categories.values()].map(({ dir, label, position, collapsed }) => [dir, label, position, collapsed]);
  part(JSON.stringify(categories.sort(([a], [b]) => (String(a) < String(b) ? -1 : 1))));
  for (const doc of content.docs) {
    part(doc.relPath);
    part(doc.frontMatterText);
    part(doc.markdown);
  }
  for (const api of apiPages) for (const page of api.pages) part(JSON.stringify([page.route, page.data]));
  return hash.digest('hex').slice(0, 10);
}

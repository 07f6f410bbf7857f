/** Under a doc: "Edit this page" (config docs.editUrl) and "Last updated on …" (docs.showLastUpdateTime). */
import type { DocMeta } from '../data.ts';

export function DocFooter(props: { doc: DocMeta }) {
  const { editUrl, lastUpdated } = props.doc;
  if (!editUrl && !lastUpdated) return null;
  return (
    <div className="doc-footer">
      {editUrl ? (
        <a className="doc-footer__edit" href={editUrl} target="_blank" rel="noopener noreferrer">
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round">
            <path d="M11 2.5l2.5 2.5-8 8H3v-2.5z" />
          </svg>
          Edit this page<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : null}
      {lastUpdated ? (
        <p className="doc-footer__updated">
          Last updated on <time dateTime={lastUpdated.iso}>{lastUpdated.text}</time>
        </p>
      ) : null}
    </div>
  );
}

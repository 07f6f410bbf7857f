/** Small pieces the API reference repeats: method badges, rendered descriptions, code blocks, examples. */
import type { ReactNode } from 'react';
import type { ApiExampleView, ApiLinkView } from '../../api-model.ts';

export function MethodBadge(props: { method: string }) {
  return <span className={`api-method api-method--${props.method.toLowerCase()}`}>{props.method.toUpperCase()}</span>;
}

/** The `#` link a heading of the reference carries to its own section. */
export function HashLink(props: { anchor: string; name: string }) {
  return (
    <a className="hash-link" href={`#${props.anchor}`} aria-label={`Link to ${props.name}`}>
      #
    </a>
  );
}

/** An operation's or event's method, path (or name) and deprecation, then what the caller adds (Try it). */
export function MethodLine(props: { method: string; path: string; deprecated: boolean; children?: ReactNode }) {
  return (
    <div className="api-op__line">
      <MethodBadge method={props.method} />
      <code className="api-op__path">{props.path}</code>
      {props.deprecated ? <span className="api-badge api-badge--deprecated">deprecated</span> : null}
      {props.children}
    </div>
  );
}

/** A table of names (in code) and what each stands for: an OAuth flow's scopes, the values a response link fills in. */
export function NameTable(props: { className: string; columns: [string, string]; rows: { key: string; name: ReactNode; value: ReactNode }[] }) {
  return (
    <table className={props.className}>
      <thead>
        <tr>
          <th scope="col">{props.columns[0]}</th>
          <th scope="col">{props.columns[1]}</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.key}>
            <td>{row.name}</td>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A description rendered from the spec's markdown by the generator (raw HTML dropped there). */
export function Description(props: { html: string | undefined; className?: string }) {
  if (!props.html) return null;
  return <div className={`markdown api-description${props.className ? ` ${props.className}` : ''}`} dangerouslySetInnerHTML={{ __html: props.html }} />;
}

/** "Label: text" with the text linked when it has an allowed URL; a web link opens a new tab, as the site's external links do. */
export function LinkLine(props: { link: ApiLinkView }) {
  const { link } = props;
  const external = link.href !== undefined && /^https?:/i.test(link.href);
  return (
    <p className="api-link-line">
      {link.label}:{' '}
      {link.href ? (
        <a href={link.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {link.text}
        </a>
      ) : (
        link.text
      )}
    </p>
  );
}

/** A code block that scrolls inside its own box; focusable so keyboard users can scroll it. */
export function CodeBlock(props: { code: string; html?: string | undefined; label: string; note?: string }) {
  return (
    <div className="api-code">
      <div className="api-code__bar">
        <span className="api-code__label">
          {props.label}
          {props.note ? <span className="api-example__note"> ({props.note})</span> : null}
        </span>
        <button type="button" className="api-copy" data-copy aria-label={`Copy ${props.label}`}>
          Copy
        </button>
      </div>
      <pre className="api-code__pre" tabIndex={0}>
        {/* The coloured code is the spec's text escaped by the build (src/openapi/highlight-code.ts). */}
        {props.html === undefined ? <code>{props.code}</code> : <code dangerouslySetInnerHTML={{ __html: props.html }} />}
      </pre>
    </div>
  );
}

export function Examples(props: { examples: ApiExampleView[]; title: string }) {
  if (props.examples.length === 0) return null;
  return (
    <div className="api-examples">
      {props.examples.map((example, i) => {
        const name = props.examples.length > 1 || example.label !== 'Example' ? `${props.title}: ${example.label}` : props.title;
        return (
          <details key={i} className="api-example" open={i === 0}>
            <summary>
              {name}
              {example.generated ? <span className="api-example__note"> (made from the schema)</span> : null}
            </summary>
            <CodeBlock code={example.value} html={example.html} label={name} />
          </details>
        );
      })}
    </div>
  );
}

/**
 * The API reference as the build prerenders it: introduction and servers, each tag with its
 * operations, and every named schema once. It is rendered to an HTML string at build time and
 * placed in the page as it is (never re-created in the browser), so a large API costs the browser
 * only its HTML; src/openapi/ made everything it shows.
 */
import type { ApiLinkView, ApiNamedSchema, ApiReferenceModel, ApiSecuritySchemeView, ApiServerView, ApiTagView } from '../../api-model.ts';
import { Description, HashLink, LinkLine, MethodBadge, NameTable } from './common.tsx';
import { Event, Operation } from './Operation.tsx';
import { SchemaBlock } from './SchemaTree.tsx';
import { operationFilterText } from '../../client/api/filter.ts';

export function ApiReference(props: { model: ApiReferenceModel }) {
  const { model } = props;
  return (
    <div className="api-ref">
      {/* Colour classes of the highlighted code: selectors and colours only, made by the build. */}
      {model.codeStyle ? <style dangerouslySetInnerHTML={{ __html: model.codeStyle }} /> : null}
      {model.intro ? <Intro descriptionHtml={model.intro.descriptionHtml} links={model.intro.links} servers={model.intro.servers} /> : null}
      {model.intro && model.intro.securitySchemes.length > 0 ? <Authentication schemes={model.intro.securitySchemes} /> : null}
      {model.overview ? <Overview tags={model.overview} /> : null}
      {model.tags.map((tag) => (
        <section key={tag.anchor} className="api-tag" id={tag.anchor} data-tag-section>
          <h2 className="api-tag__title">
            {tag.name}
            <HashLink anchor={tag.anchor} name={tag.name} />
          </h2>
          <Description html={tag.descriptionHtml} />
          {tag.externalDocs ? <LinkLine link={tag.externalDocs} /> : null}
          {tag.operations.map((op) => (
            <Operation key={op.anchor} op={op} />
          ))}
          {tag.also.length > 0 ? <AlsoInTag tag={tag.name} operations={tag.also} /> : null}
        </section>
      ))}
      {model.webhooks ? (
        <section className="api-webhooks" id="webhooks">
          <h2 className="api-tag__title">Webhooks</h2>
          <p>Requests the API sends to a URL of yours, with what each carries and the answers it expects.</p>
          {model.webhooks.map((event) => (
            <Event key={event.anchor} event={event} heading="h3" />
          ))}
        </section>
      ) : null}
      {model.schemas.length > 0 ? <Schemas schemas={model.schemas} /> : null}
      <p className="api-ref__none" data-filter-empty hidden>
        No operation or schema matches the filter.
      </p>
    </div>
  );
}

/** Operations of this tag shown under another of their tags: one link each, filtered as operations are. */
function AlsoInTag(props: { tag: string; operations: ApiTagView['also'] }) {
  return (
    <div className="api-tag__also">
      <p className="api-tag__also-title">Also tagged {props.tag}</p>
      <ul>
        {props.operations.map((op) => (
          <li key={op.anchor} data-op-link={op.anchor} data-filter={operationFilterText(op)}>
            <a href={op.href}>
              <MethodBadge method={op.method} /> {op.summary || op.path}
            </a>{' '}
            <code>{op.path}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Intro(props: { descriptionHtml: string; links: ApiLinkView[]; servers: ApiServerView[] }) {
  return (
    <div className="api-intro">
      <Description html={props.descriptionHtml} />
      {props.links.length > 0 ? (
        <div className="api-intro__links">
          {props.links.map((link) => (
            <LinkLine key={link.label} link={link} />
          ))}
        </div>
      ) : null}
      {props.servers.length > 0 ? (
        <div className="api-servers">
          <h2 id="servers">Servers</h2>
          <ul>
            {props.servers.map((server) => (
              <li key={server.url}>
                <code className="api-servers__url">{server.url}</code>
                {server.description ? ` — ${server.description}` : null}
                {server.variables.length > 0 ? (
                  <ul className="api-facts">
                    {server.variables.map((v) => (
                      <li key={v.name}>
                        <code>{`{${v.name}}`}</code>
                        {v.descriptionHtml ? (
                          <>
                            {' '}
                            <span dangerouslySetInnerHTML={{ __html: v.descriptionHtml }} />
                            {v.endsSentence ? '' : '.'}
                          </>
                        ) : null}{' '}
                        Default <code>{v.defaultValue}</code>
                        {v.values.length > 0 ? <>; one of {v.values.map((value) => <code key={value}>{value}</code>)}</> : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Every security scheme: what a caller sends, OAuth flows with URLs and scopes, the scheme's description. */
function Authentication(props: { schemes: ApiSecuritySchemeView[] }) {
  return (
    <section className="api-auth">
      <h2 id="authentication">Authentication</h2>
      {props.schemes.map((scheme) => (
        <section key={scheme.anchor} className="api-auth__scheme" id={scheme.anchor}>
          <h3>
            {scheme.name} <span className="api-auth__kind">{scheme.kind}</span>
            <HashLink anchor={scheme.anchor} name={scheme.name} />
          </h3>
          <Description html={scheme.descriptionHtml} />
          {scheme.facts.length > 0 ? <Facts facts={scheme.facts} /> : null}
          {scheme.flows.map((flow) => (
            <div key={flow.name} className="api-auth__flow">
              <h4>{flow.name} flow</h4>
              <Facts facts={flow.urls} />
              {flow.scopes.length > 0 ? (
                <NameTable
                  className="api-auth__scopes"
                  columns={['Scope', 'Description']}
                  rows={flow.scopes.map((scope) => ({ key: scope.name, name: <code>{scope.name}</code>, value: scope.description }))}
                />
              ) : (
                <p>No scopes.</p>
              )}
            </div>
          ))}
        </section>
      ))}
    </section>
  );
}

/** "Label: `value`" lines: where a key goes, a flow's URLs. */
function Facts(props: { facts: { label: string; value: string }[] }) {
  return (
    <ul className="api-facts">
      {props.facts.map((fact) => (
        <li key={fact.label}>
          {fact.label}: <code>{fact.value}</code>
        </li>
      ))}
    </ul>
  );
}

function Overview(props: { tags: NonNullable<ApiReferenceModel['overview']> }) {
  return (
    <div className="api-overview">
      <h2 id="tags">Operations by tag</h2>
      <ul className="api-overview__list">
        {props.tags.map((tag) => (
          <li key={tag.href} className="api-overview__item">
            <a href={tag.href}>{tag.name}</a> <span className="api-overview__count">{tag.operationCount === 1 ? '1 operation' : `${tag.operationCount} operations`}</span>
            <Description html={tag.descriptionHtml} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Schemas(props: { schemas: ApiNamedSchema[] }) {
  return (
    <section className="api-schemas" id="schemas" data-schemas>
      <h2>Schemas</h2>
      {props.schemas.map((entry) => (
        <section key={entry.anchor} className="api-named-schema" id={entry.anchor} data-filter={entry.name}>
          <h3>
            {entry.name}
            <HashLink anchor={entry.anchor} name={entry.name} />
          </h3>
          <SchemaBlock schema={entry.schema} />
        </section>
      ))}
    </section>
  );
}

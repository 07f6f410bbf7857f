/**
 * One operation: title, method and path, description, then parameters, request body and responses
 * (left) beside code samples (right, on a wide screen). Its section carries what the browser needs
 * to filter it, translate Swagger UI's deep links to it, and open the Try-it panel for it.
 */
import { Fragment } from 'react';
import type { ApiBodyView, ApiEventView, ApiMediaView, ApiOperationView, ApiParameterView, ApiResponseLinkView, ApiResponseView } from '../../api-model.ts';
import { CodeBlock, Description, Examples, HashLink, LinkLine, MethodLine, NameTable } from './common.tsx';
import { PropertyRow, SchemaBlock } from './SchemaTree.tsx';
import { operationFilterText } from '../../client/api/filter.ts';

const PARAMETER_GROUPS: [string, string][] = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
];

export function Operation(props: { op: ApiOperationView }) {
  const op = props.op;
  const title = op.summary || `${op.method} ${op.path}`;
  return (
    <section
      className={`api-op${op.deprecated ? ' api-op--deprecated' : ''}`}
      id={op.anchor}
      data-op={op.key}
      data-op-tag={op.tag}
      data-filter={operationFilterText(op)}
    >
      <h3 className="api-op__title">
        {title}
        <HashLink anchor={op.anchor} name={title} />
      </h3>
      <MethodLine method={op.method} path={op.path} deprecated={op.deprecated}>
        <button type="button" className="button button--secondary api-try" data-try-it data-try-values={op.tryValues ? JSON.stringify(op.tryValues) : undefined} aria-expanded="false">
          Try it
        </button>
      </MethodLine>
      {op.operationId ? <p className="api-op__id">operationId: <code>{op.operationId}</code></p> : null}
      <div className="api-try-panel" data-try-panel hidden />
      <Description html={op.descriptionHtml} />
      {op.externalDocs ? <LinkLine link={op.externalDocs} /> : null}
      {op.security.length > 0 ? <Security op={op} /> : null}
      <div className="api-op__columns">
        <div className="api-op__main">
          <Parameters parameters={op.parameters} />
          {op.requestBody ? <RequestBody body={op.requestBody} /> : null}
          <Responses responses={op.responses} examplesAside />
          {op.callbacks ? <Callbacks callbacks={op.callbacks} /> : null}
        </div>
        <div className="api-op__aside">
          <CodeSamples op={op} />
          <ResponseSamples responses={op.responses} />
        </div>
      </div>
    </section>
  );
}

/** Requests the API may send after this call, each callback folded under its name. */
function Callbacks(props: { callbacks: NonNullable<ApiOperationView['callbacks']> }) {
  return (
    <div className="api-block api-callbacks">
      <h4>Callbacks</h4>
      {props.callbacks.map((callback) => (
        <details key={callback.name} className="api-callback">
          <summary>{callback.name}</summary>
          {callback.events.map((event) => (
            <Event key={event.anchor} event={event} heading="h5" />
          ))}
        </details>
      ))}
    </div>
  );
}

/** A request the API sends (a webhook or a callback): its method and URL, then what it carries and the answers it expects. */
export function Event(props: { event: ApiEventView; heading: 'h3' | 'h5' }) {
  const { event } = props;
  const Heading = props.heading;
  return (
    <section className={`api-event${event.deprecated ? ' api-op--deprecated' : ''}`} id={event.anchor} data-event>
      <Heading className="api-event__title">
        {event.summary || event.name}
        <HashLink anchor={event.anchor} name={event.summary || event.name} />
      </Heading>
      <MethodLine method={event.method} path={event.name} deprecated={event.deprecated} />
      <Description html={event.descriptionHtml} />
      <Parameters parameters={event.parameters} />
      {event.requestBody ? <RequestBody body={event.requestBody} /> : null}
      <Responses responses={event.responses} />
    </section>
  );
}

function Parameters(props: { parameters: ApiParameterView[] }) {
  return (
    <>
      {PARAMETER_GROUPS.map(([where, heading]) => {
        const list = props.parameters.filter((p) => p.in === where);
        if (list.length === 0) return null;
        return (
          <div key={where} className="api-block">
            <h4>{heading}</h4>
            <ul className="api-props">
              {list.map((p) => (
                <ParameterRow key={p.name} param={p} />
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
}

function ParameterRow(props: { param: ApiParameterView }) {
  const p = props.param;
  const schema = { ...(p.schema ?? { types: [], constraints: [] }), ...(p.descriptionHtml ? { descriptionHtml: p.descriptionHtml } : {}), ...(p.deprecated ? { deprecated: true } : {}) };
  return (
    <PropertyRow name={p.name} required={p.required} schema={schema}>
      <Examples examples={p.examples} title="Example" />
    </PropertyRow>
  );
}

function RequestBody(props: { body: ApiBodyView }) {
  const body = props.body;
  return (
    <div className="api-block">
      <h4>
        Request body {body.required ? <span className="api-badge api-badge--required">required</span> : <span className="api-badge">optional</span>}
      </h4>
      <Description html={body.descriptionHtml} />
      {body.contents.map((media) => (
        <Media key={media.mediaType} media={media} exampleTitle="Request example" />
      ))}
    </div>
  );
}

function Media(props: { media: ApiMediaView; exampleTitle?: string }) {
  const { media } = props;
  return (
    <div className="api-media">
      <p className="api-media__type">
        Content type <code>{media.mediaType}</code>
      </p>
      {media.schema ? <SchemaBlock schema={media.schema} /> : null}
      {props.exampleTitle ? <Examples examples={media.examples} title={props.exampleTitle} /> : null}
      {props.exampleTitle && media.shapeUndocumented ? <p className="api-media__type">{UNDOCUMENTED_SHAPE}</p> : null}
    </div>
  );
}

/** What stands in for an example the schema gives nothing to make from (it has no type). */
const UNDOCUMENTED_SHAPE = 'No example, as its shape is not documented (the schema gives no type).';

/** The responses by status; an operation shows their examples beside the request instead (ResponseSamples), as Redoc does. */
function Responses(props: { responses: ApiResponseView[]; examplesAside?: boolean }) {
  if (props.responses.length === 0) return null;
  return (
    <div className="api-block">
      <h4>Responses</h4>
      {props.responses.map((response) => {
        const kind = statusKind(response.status);
        return (
          <details key={response.status} className="api-response" data-status={response.status} open={kind === 'success'}>
            <summary>
              <span className={`api-status api-status--${kind}`}>{response.status}</span> {response.summary}
            </summary>
            <div className="api-response__body">
              <Description html={response.descriptionHtml} />
              {response.headers.length > 0 ? <ResponseHeaders headers={response.headers} /> : null}
              {response.contents.length === 0 ? <p className="api-media__type">{noContentText(response.status)}</p> : null}
              {response.contents.map((media) => (
                <Media key={media.mediaType} media={media} {...(props.examplesAside ? {} : { exampleTitle: 'Response example' })} />
              ))}
              {response.links ? <ResponseLinks links={response.links} /> : null}
            </div>
          </details>
        );
      })}
    </div>
  );
}

/** Colours a status: 2xx success, 4xx and 5xx error, anything else (1xx, 3xx, default) neutral. */
function statusKind(status: string): 'success' | 'error' | 'other' {
  return /^2/.test(status) ? 'success' : /^[45]/.test(status) ? 'error' : 'other';
}

/** "Authorization: a (what it is), or b and c (…)." with each scheme linked to its description. */
function Security(props: { op: ApiOperationView }) {
  const { op } = props;
  return (
    <p className="api-op__security">
      Authorization{op.securityOptional ? ' (optional)' : ''}:{' '}
      {op.security.map((way, i) => (
        <Fragment key={i}>
          {i > 0 ? ', or ' : null}
          {way.map((part, j) => (
            <Fragment key={part.name}>
              {j > 0 ? ' and ' : null}
              {part.href ? <a href={part.href}>{part.name}</a> : part.name} ({part.detail})
            </Fragment>
          ))}
        </Fragment>
      ))}
      .
    </p>
  );
}

/**
 * What a response without `content` says. Only 204 and 304 answers can have no body by HTTP's
 * rules; elsewhere a description may leave the body out (or say it is unknown), so "No body."
 * would state more than the description does.
 */
function noContentText(status: string): string {
  return status === '204' || status === '304' ? 'No body.' : 'No body described.';
}

/** The operations a value of this answer feeds, each with what fills which of their parameters. */
function ResponseLinks(props: { links: ApiResponseLinkView[] }) {
  return (
    <>
      <p className="api-media__type">Links</p>
      <ul className="api-links">
        {props.links.map((link) => (
          <li key={link.name} className="api-link">
            <p className="api-link__head">
              <code>{link.name}</code>
              {link.target.label ? (
                <>
                  {' → '}
                  {link.target.href ? <a href={link.target.href}>{link.target.label}</a> : <code>{link.target.label}</code>}
                  {link.target.summary ? ` (${link.target.summary})` : null}
                </>
              ) : null}
            </p>
            <Description html={link.descriptionHtml} />
            {link.parameters.length > 0 || link.requestBody ? (
              <NameTable
                className="api-link__values"
                columns={['Parameter', 'Value']}
                rows={[
                  ...link.parameters.map((parameter) => ({ key: parameter.name, name: <code>{parameter.name}</code>, value: <code>{parameter.value}</code> })),
                  // A parameter may be named "Request body" too: the key keeps the rows apart.
                  ...(link.requestBody ? [{ key: '\u0000body', name: 'Request body', value: <code>{link.requestBody}</code> }] : []),
                ]}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function ResponseHeaders(props: { headers: ApiResponseView['headers'] }) {
  return (
    <>
      <p className="api-media__type">Headers</p>
      <ul className="api-props">
        {props.headers.map((h) => (
          <PropertyRow key={h.name} name={h.name} required={h.required} schema={{ ...(h.schema ?? { types: [], constraints: [] }), ...(h.descriptionHtml ? { descriptionHtml: h.descriptionHtml } : {}) }} />
        ))}
      </ul>
    </>
  );
}

/** The author's own samples (x-codeSamples), then curl, JavaScript and Python; with JavaScript the reader picks one language for the whole page. */
function CodeSamples(props: { op: ApiOperationView }) {
  return (
    <div className="api-samples" data-samples data-sample-base={props.op.sampleBase}>
      <p className="api-samples__title">Request</p>
      <div className="api-samples__langs" role="group" aria-label="Language of the code samples">
        {props.op.samples.map((sample) => (
          <button key={sample.lang} type="button" className="api-samples__lang" data-lang={sample.lang} aria-pressed={sample === props.op.samples[0]}>
            {sample.label}
          </button>
        ))}
      </div>
      {props.op.samples.map((sample) => (
        <div key={sample.lang} className="api-sample" data-sample={sample.lang}>
          <CodeBlock code={sample.code} html={sample.html} label={sample.label} />
        </div>
      ))}
    </div>
  );
}

interface ResponseSample {
  status: string;
  kind: string;
  blocks: { label: string; note?: string; code: string; html?: string | undefined }[];
  /** What stands in for a status without an example: its body is ruled out, not described, has no example, or has a schema without a shape. */
  empty?: string;
  /** A body's schema says nothing of its shape: the page says so (beside the request) rather than showing nothing. */
  undocumented?: boolean;
}

/**
 * Each response's examples under its status, labelled with what tells them apart (media type,
 * example name). A status without an example is listed too, saying so, when another has one: an
 * operation whose success has no body would otherwise show its error's example as if it were the answer.
 */
function responseSamples(responses: ApiResponseView[]): ResponseSample[] {
  const samples = responses.map((response): ResponseSample => {
    const several = response.contents.length > 1;
    const blocks = response.contents.flatMap((media) =>
      media.examples.map((example) => {
        const parts = [`Response ${response.status}`, several ? media.mediaType : '', example.label !== 'Example' ? example.label : ''].filter(Boolean);
        return { label: parts.join(' · '), code: example.value, html: example.html, ...(example.generated ? { note: 'made from the schema' } : {}) };
      }),
    );
    const undocumented = response.contents.some((media) => media.shapeUndocumented);
    const empty = response.contents.length === 0 ? noContentText(response.status) : undocumented ? UNDOCUMENTED_SHAPE : 'No example described.';
    return { status: response.status, kind: statusKind(response.status), blocks, ...(blocks.length === 0 ? { empty } : {}), ...(undocumented ? { undocumented } : {}) };
  });
  return samples.some((sample) => sample.blocks.length > 0 || sample.undocumented) ? samples : [];
}

/**
 * The answer a call that works gives, shown first: the first 2xx or 2XX, else `default`. A spec
 * that documents its success only as `default` (the hub's, where the documentation shows no answer)
 * lists its errors first by status: their examples are not what the call answers.
 */
function successSample(samples: ResponseSample[]): ResponseSample | undefined {
  return samples.find((sample) => sample.kind === 'success') ?? samples.find((sample) => sample.status === 'default') ?? samples[0];
}

/**
 * The responses' examples beside the request, one status at a time once the page is hydrated
 * (the success is shown, and its button comes, first: see successSample); without JavaScript every
 * status is listed, each labelled.
 */
function ResponseSamples(props: { responses: ApiResponseView[] }) {
  const listed = responseSamples(props.responses);
  if (listed.length === 0) return null;
  const success = successSample(listed);
  const first = success?.status;
  // Its button comes first too, also where the spec lists a `default` success after the errors.
  const samples = success ? [success, ...listed.filter((sample) => sample !== success)] : listed;
  return (
    <div className="api-samples api-response-samples" data-response-samples>
      <p className="api-samples__title">Response</p>
      <div className="api-samples__langs" role="group" aria-label="Status of the response example">
        {samples.map((sample) => (
          <button key={sample.status} type="button" className="api-samples__lang api-samples__status" data-response-status={sample.status} aria-pressed={sample.status === first}>
            <span className={`api-status api-status--${sample.kind}`}>{sample.status}</span>
          </button>
        ))}
      </div>
      {samples.map((sample) => (
        <div key={sample.status} className="api-response-sample" data-response-sample={sample.status} data-shown={sample.status === first ? '' : undefined}>
          {sample.blocks.map((block, i) => (
            <CodeBlock key={i} code={block.code} html={block.html} label={block.label} {...(block.note ? { note: block.note } : {})} />
          ))}
          {sample.empty ? (
            <p className="api-response-sample__empty">
              Response {sample.status}: {sample.empty}
            </p>
          ) : null}
        </div>
      ))}
    </div>
  );
}

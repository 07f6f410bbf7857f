/**
 * Try it: Swagger UI (swagger-ui-react), in its own chunk, showing one operation ready to send.
 * One instance serves the whole page: it is moved into the panel of the operation the reader
 * chose, and its `filter` (with our own opsFilter) keeps only that operation. Its layout is ours:
 * the servers (with labelled variables), the Authorize button when the spec has security schemes
 * (credentials then hold for every operation of the page), and the operation, without Swagger UI's title block (the
 * page has the title) and without the `<main>` its default layout adds. Colour mode follows the
 * site through Swagger UI's own dark styles (`html.dark-mode`).
 */
import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import SwaggerUI from 'swagger-ui-react';
import { blockedRequestReason, unansweredRequestHelp } from './blocked-request.ts';
import { withoutEmptyBody } from './request-body.ts';
import { BODY_PROBLEM_ID, bodyCheckPlugin } from './body-check.tsx';
import { SERVER_REFUSAL_ID, serverCheckPlugin } from './server-check.tsx';
import { bodyResetPlugin } from './body-reset.tsx';
import { rememberSampleBody, sampleBodyOf } from './sample-bodies.ts';
import { documentedByRange } from './status-range.ts';
import { withStartValues } from './start-values.ts';
import { announce } from '../route-focus.ts';
import { readRememberedServer } from './remembered-server.ts';
import { defaultOf, fieldProblems, noteTyped, saveServer, tidied, typedOf, valueOnServer, type SpecServer } from './server-choice.ts';
import type { TryValues } from '../../api-model.ts';

interface ImmutableLike {
  get(key: string): unknown;
  filter(fn: (value: ImmutableLike, key: string) => boolean): ImmutableLike;
  map(fn: (value: ImmutableLike, key: string) => unknown): ImmutableLike;
  first(): ImmutableLike | undefined;
  keySeq(): { first(): string | undefined };
  set(key: string, value: unknown): ImmutableLike;
  size: number;
}

interface SwaggerSystem {
  layoutActions: { updateFilter(filter: string): void };
  specActions: { changeParam(pathMethod: [string, string], name: string, where: string, value: unknown): void };
  oas3Actions: {
    setSelectedServer(url: string): void;
    setServerVariableValue(payload: ServerVariableValue): void;
    setRequestContentType(payload: { value: string; pathMethod: [string, string] }): void;
    setRequestBodyValue(payload: { value: string; pathMethod: [string, string] }): void;
  };
}

interface LayoutProps {
  getComponent(name: string, container?: boolean): ComponentType<Record<string, unknown>>;
  specSelectors: { loadingStatus(): string; taggedOperations(): ImmutableLike; servers(): { size: number } | undefined; securityDefinitions(): unknown };
}

export interface TryItTarget {
  specUrl: string;
  method: string;
  path: string;
  /** The parameter values and JSON body of the page's code samples (made at build time from the spec). */
  startValues?: TryValues;
}

/** The filter "token" naming one operation; opsFilter below keeps exactly that operation. */
const tokenOf = (target: TryItTarget) => `${target.method.toLowerCase()} ${target.path}`;
/** A filter no operation matches: Swagger UI shows none until showTryIt has given it its values. */
const NO_OPERATION = '-';

function opsFilter(taggedOps: ImmutableLike, phrase: string): ImmutableLike {
  let found = false;
  return taggedOps
    .map((tagObj) => {
      const operations = (tagObj.get('operations') as ImmutableLike).filter((op) => {
        const match = !found && `${String(op.get('method'))} ${String(op.get('path'))}` === phrase;
        if (match) found = true;
        return match;
      });
      return tagObj.set('operations', operations);
    })
    .filter((tagObj) => (tagObj.get('operations') as ImmutableLike).size > 0);
}

function TryItLayout(props: LayoutProps) {
  const { getComponent, specSelectors } = props;
  const Errors = getComponent('errors', true);
  const Servers = getComponent('ServersContainer', true);
  const Authorize = getComponent('AuthorizeBtnContainer', true);
  const OperationContainer = getComponent('OperationContainer', true);
  const status = specSelectors.loadingStatus();
  if (status === 'loading') return <div className="swagger-ui"><p className="api-try__status" role="status">Loading the specification…</p></div>;
  if (status === 'failed') return <div className="swagger-ui"><Errors /><p role="alert">The specification could not be loaded.</p></div>;
  const tagged = specSelectors.taggedOperations();
  const tag = tagged.keySeq().first() ?? '';
  const op = (tagged.first()?.get('operations') as ImmutableLike | undefined)?.first();
  const hasServers = (specSelectors.servers()?.size ?? 0) > 0;
  // Swagger UI's Authorize button, as its own layout has it: without it a secured call could not
  // carry its key or token (the per-operation lock sits in the summary row this layout leaves out).
  const hasSecurity = Boolean(specSelectors.securityDefinitions());
  return (
    <div className="swagger-ui">
      <Errors />
      {hasServers || hasSecurity ? (
        <div className="scheme-container">
          {hasServers ? <div className="schemes-server-container"><Servers /></div> : null}
          {hasSecurity ? <Authorize /> : null}
        </div>
      ) : null}
      {op ? <OperationContainer op={op} tag={tag} path={String(op.get('path'))} method={String(op.get('method'))} specPath={op.get('specPath')} /> : null}
    </div>
  );
}

interface OperationProps {
  specPath?: { toJS(): string[] };
  operation: ImmutableLike;
  specSelectors: { specResolvedSubtree(path: string[]): unknown };
}

/**
 * Swagger UI shows an operation before it has resolved the operation's part of the spec (its
 * `$ref`s), from an empty operation: "No parameters", and an Execute that throws ("Operation …
 * not found") and sends nothing, so a click in that moment was lost. The form waits for it.
 */
const onceResolved = (Original: ComponentType<OperationProps>) =>
  function ResolvedOperation(props: OperationProps) {
    const where = props.specPath?.toJS() ?? ['paths', String(props.operation.get('path')), String(props.operation.get('method'))];
    if (props.specSelectors.specResolvedSubtree(where) === undefined) return <p className="api-try__status" role="status">Loading the request form…</p>;
    return <Original {...props} />;
  };

type Action<T> = (payload: T, ...rest: unknown[]) => unknown;
type ServerVariableValue = { server: string; namespace?: string; key: string; val: string };

/** The spec's servers (as loaded) of one Try it, and what the reader chose among them (server-choice.ts). */
interface ServerChoice {
  specUrl: string;
  servers: SpecServer[];
}

const typedNow = (choice: ServerChoice) => typedOf(readRememberedServer(choice.specUrl), choice.servers);

interface ServersProps {
  currentServer: string;
}

/** Swagger UI's own selector of a field's value says null for an emptied field as for one not set yet: these are its values as they are. */
type ServerValues = { oas3Selectors: { serverVariables(server: string): { get(name: string): unknown } } };

const hintId = (name: string) => `api-try-hint-${name}`;

/**
 * Swagger UI's server fields, followed by what a field's text lacks (a URL pasted as the host, a
 * port that is no number): said at once, in a live region, and tied to the field (watchSwaggerDom).
 */
const serversWithHints = (choice: ServerChoice) => (Original: ComponentType<ServersProps>, system: ServerValues) =>
  function ServersWithHints(props: ServersProps) {
    const server = choice.servers.find((s) => s.url === props.currentServer);
    const values = system.oas3Selectors.serverVariables(props.currentServer);
    const hints = server ? fieldProblems(server, (name) => values.get(name)) : [];
    return (
      <>
        <Original {...props} />
        <div className="api-try__hints" role="status">
          {hints.map(({ name, hint }) => (
            <p key={name} id={hintId(name)} className="api-try__hint">
              {hint}
            </p>
          ))}
        </div>
      </>
    );
  };

/** Our layout and filter, start values for parameters, and the server the reader chose last time (remembered-server.ts). */
interface LiveResponseProps {
  response: ImmutableLike;
  path: string;
  method: string;
  specSelectors: {
    specJson(): { getIn(keys: string[]): { keySeq(): { toArray(): string[] } } | undefined };
    requestFor(path: string, method: string): ImmutableLike | undefined;
  };
}

/**
 * Swagger UI's live answer, not called "Undocumented" when the operation lists its code's range
 * (status-range.ts), and, when no answer came, followed by what to check (blocked-request.ts).
 */
const liveResponseOfTheHub = (Original: ComponentType<LiveResponseProps>) =>
  function LiveResponseOfTheHub(props: LiveResponseProps) {
    const listed = props.specSelectors.specJson().getIn(['paths', props.path, props.method, 'responses'])?.keySeq().toArray() ?? [];
    const status = props.response.get('status');
    const documented = props.response.get('notDocumented') === true && documentedByRange(status, listed);
    const unanswered = props.response.get('error') === true && !status;
    const help = unanswered ? unansweredRequestHelp(String(props.specSelectors.requestFor(props.path, props.method)?.get('url') ?? ''), window.location.href) : undefined;
    return (
      <>
        <Original {...props} response={documented ? props.response.set('notDocumented', false) : props.response} />
        {help ? <p className="api-try__blocked api-try__unanswered" role="alert">{help}</p> : null}
      </>
    );
  };

type Selector<T> = (...args: string[]) => T;

const tryItPlugin = (choice: ServerChoice) => () => ({
  components: { TryItLayout },
  wrapComponents: { operation: onceResolved, liveResponse: liveResponseOfTheHub, Servers: serversWithHints(choice) },
  fn: { opsFilter },
  statePlugins: {
    spec: {
      wrapActions: {
        // Swagger UI selects the first server unless one is selected before its server list shows:
        // the server chosen last time is, and the list keeps the spec's order.
        updateJsonSpec: (original: (spec: unknown) => unknown, system: SwaggerSystem) => (spec: unknown) => {
          const servers = (spec as { servers?: unknown } | null)?.servers;
          choice.servers = Array.isArray(servers) ? (servers as SpecServer[]) : [];
          const remembered = readRememberedServer(choice.specUrl)?.url;
          if (choice.servers.some((server) => server.url === remembered)) system.oas3Actions.setSelectedServer(remembered as string);
          return original(withStartValues(spec));
        },
      },
    },
    oas3: {
      wrapSelectors: {
        // The samples' body is not "edited" until the reader edits it (Swagger UI compares with its
        // own sample): choosing another media type then gives that type's sample, not JSON text.
        hasUserEditedBody:
          (original: Selector<boolean>, system: { oas3Selectors: { requestBodyValue: Selector<unknown> } }) =>
          (_state: unknown, path: string, method: string) => {
            const ours = sampleBodyOf(path, method)?.text;
            return ours !== undefined && system.oas3Selectors.requestBodyValue(path, method) === ours ? false : original(path, method);
          },
      },
      wrapActions: {
        setSelectedServer: (original: Action<string>) => (url: string, ...rest: unknown[]) => {
          if (typeof url === 'string' && rest[0] === undefined) saveServer(choice.specUrl, choice.servers, url, typedNow(choice));
          return original(url, ...rest);
        },
        // Swagger UI gives a server's variables their defaults whenever the server is selected: a
        // value the reader typed (for any server) takes a default's place. What the reader types is
        // noted before this runs (followTyping), so typing the default itself is not overruled.
        setServerVariableValue: (original: Action<ServerVariableValue>) => (payload: ServerVariableValue) => {
          const server = choice.servers.find((s) => s.url === payload.server);
          if (payload.namespace !== undefined || !server || payload.val !== defaultOf(server, payload.key)) return original(payload);
          return original({ ...payload, val: valueOnServer(server, payload.key, typedNow(choice)) });
        },
      },
    },
  },
});

let instance: { host: HTMLDivElement; root: Root; system: Promise<SwaggerSystem>; observer: MutationObserver; shown: Set<string> } | undefined;

/** Shows the operation's Try-it form in `panel` (the first call loads the spec into Swagger UI). */
export async function showTryIt(panel: HTMLElement, target: TryItTarget): Promise<void> {
  if (!instance) instance = createInstance(target);
  panel.appendChild(instance.host);
  const system = await instance.system;
  const token = tokenOf(target);
  if (!instance.shown.has(token)) {
    instance.shown.add(token);
    giveSampleValues(system, target);
  }
  system.layoutActions.updateFilter(token);
}

/**
 * The parameters the code samples send (the path's, the required query, header and cookie ones)
 * start with the samples' values, so Execute calls what the copied curl calls (a uuid's example,
 * not the parameter's name), and so does the JSON body: the same text as the curl sample's
 * `--data`, not Swagger UI's own sample (which makes up `0`, `"string"` for a value of any type,
 * `additionalProp1`, and fills every optional field). Set before the operation's form first shows:
 * the body editor takes the body in the state when it mounts (try-it-out is on from the start,
 * so no click replaces it), and with the media type already chosen Swagger UI does not clear the
 * body to choose it; what the reader types later takes their place.
 */
function giveSampleValues(system: SwaggerSystem, target: TryItTarget): void {
  const pathMethod: [string, string] = [target.path, target.method.toLowerCase()];
  const { body, ...parameters } = target.startValues ?? {};
  for (const [where, values] of Object.entries(parameters)) {
    for (const [name, value] of Object.entries(values ?? {})) {
      const text = Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))) : typeof value === 'string' ? value : JSON.stringify(value);
      system.specActions.changeParam(pathMethod, name, where, text);
    }
  }
  if (body) {
    const text = JSON.stringify(body.value, null, 2) ?? 'null';
    rememberSampleBody(...pathMethod, { text, mediaType: body.mediaType });
    system.oas3Actions.setRequestContentType({ value: body.mediaType, pathMethod });
    system.oas3Actions.setRequestBodyValue({ value: text, pathMethod });
  }
}

function createInstance(target: TryItTarget) {
  const host = document.createElement('div');
  host.className = 'api-try';
  // Swagger UI gets a node of its own: the notice beside it is not React's to reconcile.
  const notice = host.appendChild(document.createElement('p'));
  notice.className = 'api-try__blocked';
  notice.setAttribute('role', 'alert');
  notice.hidden = true;
  const root = createRoot(host.appendChild(document.createElement('div')));
  let resolve: (system: SwaggerSystem) => void = () => undefined;
  const system = new Promise<SwaggerSystem>((r) => (resolve = r));
  const choice: ServerChoice = { specUrl: target.specUrl, servers: [] };
  followTyping(host, choice, system);
  root.render(
    <SwaggerUI
      url={target.specUrl}
      layout="TryItLayout"
      // Each check is a plugin of its own and wraps a validateBeforeExecute of its own: the server
      // check spec's (Execute's check of the parameters), the body check oas3's (of the body).
      // Execute asks both, so each says its refusal whatever the other finds. (Wrappers of one
      // selector nest in this order, the last plugin's outermost.)
      plugins={[tryItPlugin(choice), serverCheckPlugin(choice), bodyCheckPlugin, bodyResetPlugin]}
      filter={NO_OPERATION}
      docExpansion="full"
      tryItOutEnabled
      deepLinking={false}
      displayRequestDuration
      defaultModelsExpandDepth={-1}
      // The implicit and authorization-code flows return through this page, written beside the spec (src/openapi/oauth.ts).
      oauth2RedirectUrl={new URL('oauth2-redirect.html', new URL(target.specUrl, window.location.href)).href}
      onComplete={(s: unknown) => resolve(s as SwaggerSystem)}
      requestInterceptor={(request) => {
        const reason = blockedRequestReason(String(request.url), window.location.href);
        notice.textContent = reason ?? '';
        notice.hidden = !reason;
        // An optional body the reader emptied is no body: swagger-client still names its media type.
        return withoutEmptyBody(request);
      }}
      responseInterceptor={(response: { status?: number; url?: string }) => {
        // Swagger UI fetches the spec through this too: only Execute's answers are announced.
        const spec = new URL(target.specUrl, window.location.href).href;
        if (typeof response.status === 'number' && response.url !== spec) announce(`Response ${response.status}`);
        return response;
      }}
    />,
  );
  return { host, root, system, observer: watchSwaggerDom(host), shown: new Set<string>() };
}

/**
 * What the reader types into a server variable is remembered as they type (before Swagger UI's own
 * handler, which listens on its root inside `host`), and tidied once they leave the field: a URL
 * pasted as the host becomes its host and port, an IPv6 address gets brackets, an emptied field
 * its default again, so Try it calls what the samples show (server-choice.ts).
 */
function followTyping(host: HTMLElement, choice: ServerChoice, system: Promise<SwaggerSystem>): void {
  const fieldOf = (event: Event) => {
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    const url = host.querySelector<HTMLSelectElement>('.servers select:not([data-variable])')?.value ?? '';
    const server = choice.servers.find((s) => s.url === url);
    const name = field.closest('.servers') ? field.dataset.variable : undefined;
    return server && name ? { field, url, server, name } : undefined;
  };
  host.addEventListener(
    'input',
    (event) => {
      const found = fieldOf(event);
      if (found) saveServer(choice.specUrl, choice.servers, found.url, noteTyped(typedNow(choice), found.server, found.name, found.field.value));
    },
    true,
  );
  host.addEventListener('change', (event) => {
    const found = fieldOf(event);
    if (!found) return;
    for (const [key, val] of Object.entries(tidied(found.server, found.name, found.field.value))) {
      void system.then((s) => s.oas3Actions.setServerVariableValue({ server: found.url, key, val }));
    }
  });
  holdHintsWhilePressed(host);
  keepFocusOnExecute(host);
}

/**
 * Swagger UI draws Execute anew when the answer comes (beside a new Clear), and the focus of a
 * keyboard user who pressed it fell to the page: it goes to the new Execute. (The answer's status
 * is announced by the responseInterceptor, as the answer is drawn below, out of sight.)
 */
function keepFocusOnExecute(host: HTMLElement): void {
  let waiting: MutationObserver | undefined;
  host.addEventListener('click', (event) => {
    const pressed = (event.target as Element | null)?.closest<HTMLButtonElement>('button.execute');
    if (!pressed || document.activeElement !== pressed) return;
    const operation = pressed.closest('.opblock');
    waiting?.disconnect();
    const observer = new MutationObserver(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) {
        operation?.querySelector<HTMLButtonElement>('button.execute')?.focus();
        observer.disconnect();
      } else if (!host.contains(focused)) observer.disconnect(); // the reader went on elsewhere
    });
    observer.observe(host, { childList: true, subtree: true });
    waiting = observer;
  });
}

/**
 * Leaving a server field by pressing Execute tidies the field (its change comes with the press),
 * which can take its hint away and move Execute up under the pointer: the click was lost. The
 * hints keep their height until the pointer is released and its click has been dispatched.
 */
function holdHintsWhilePressed(host: HTMLElement): void {
  host.addEventListener(
    'pointerdown',
    () => {
      const boxes = [...host.querySelectorAll<HTMLElement>('.api-try__hints')];
      for (const box of boxes) box.style.minHeight = `${box.offsetHeight}px`;
      const release = () => setTimeout(() => boxes.forEach((box) => (box.style.minHeight = '')));
      for (const type of ['pointerup', 'pointercancel']) document.addEventListener(type, release, { once: true, capture: true });
    },
    true,
  );
}

/** A field is invalid, and described by the messages that say why, while any of them is shown. */
function describedByProblem(field: HTMLElement, ...messages: (HTMLElement | null)[]): void {
  const ids = messages.flatMap((message) => (message ? [message.id] : []));
  if (ids.length > 0) field.setAttribute('aria-describedby', ids.join(' '));
  else field.removeAttribute('aria-describedby');
  field.setAttribute('aria-invalid', String(ids.length > 0));
}

/**
 * Swagger UI's server list has a select inside an empty label, and its variable inputs and body
 * editor have no label; they get names here (axe: "form elements must have labels"). The colour
 * mode is kept in step.
 */
function watchSwaggerDom(host: HTMLElement): MutationObserver {
  const html = document.documentElement;
  const fix = () => {
    html.classList.toggle('dark-mode', html.dataset.theme === 'dark');
    host.querySelectorAll<HTMLSelectElement>('.servers select#servers:not([aria-label])').forEach((el) => el.setAttribute('aria-label', 'Server'));
    // The page's own "Servers" heading is #servers (links point at it): Swagger UI's select takes another id.
    host.querySelectorAll<HTMLSelectElement>('.servers select#servers').forEach((el) => {
      el.id = 'api-try-servers';
      el.closest('.servers')?.querySelector('label[for="servers"]')?.setAttribute('for', el.id);
    });
    host.querySelectorAll<HTMLElement>('.servers [data-variable]:not([aria-label])').forEach((el) => el.setAttribute('aria-label', `Server variable ${el.dataset.variable ?? ''}`));
    host.querySelectorAll<HTMLTextAreaElement>('textarea.body-param__text:not([aria-label])').forEach((el) => el.setAttribute('aria-label', 'Request body'));
    // A parameter's field is named by its parameter: after a failed check Swagger UI gives it a title
    // ("Required field is not provided"), which would otherwise become its only name (label-title-only).
    host.querySelectorAll<HTMLElement>('tr[data-param-name] .parameters-col_description > :is(input, select):not([aria-label])').forEach((el) => el.setAttribute('aria-label', el.closest<HTMLElement>('tr')?.dataset.paramName ?? ''));
    // The generated curl command and the answer scroll inside their boxes (sideways on a phone):
    // the keyboard reaches them, and a screen reader hears what they are (scrollable-region-focusable).
    for (const [selector, name] of [['pre.curl', 'curl command'], ['.highlight-code > pre.microlight', 'Response body']] as const) {
      host.querySelectorAll<HTMLElement>(`${selector}:not([tabindex])`).forEach((el) => {
        el.tabIndex = 0;
        el.setAttribute('role', 'region');
        el.setAttribute('aria-label', name);
      });
    }
    // Swagger UI's "Edit Value" panel is a tab stop of its own before the editor it holds: one stop
    // too many (a tab panel with something focusable in it needs none).
    host.querySelectorAll<HTMLElement>('[role="tabpanel"][tabindex="0"]').forEach((el) => {
      if (el.querySelector('textarea, input, select, button')) el.tabIndex = -1;
    });
    // A body Execute refused is marked, and described by why (bodyEditorWithProblem).
    host.querySelectorAll<HTMLTextAreaElement>('textarea.body-param__text').forEach((el) => describedByProblem(el, document.getElementById(BODY_PROBLEM_ID)));
    // A server field whose text stands for no value is marked, and described by what it lacks and,
    // once Execute refused it, by the refusal (ServerRefusal).
    const refusal = document.getElementById(SERVER_REFUSAL_ID);
    host.querySelectorAll<HTMLInputElement>('.servers input[data-variable]').forEach((el) =>
      describedByProblem(el, document.getElementById(hintId(el.dataset.variable ?? '')), refusal?.dataset.variable === el.dataset.variable ? refusal : null),
    );
  };
  const observer = new MutationObserver(fix);
  observer.observe(host, { childList: true, subtree: true });
  observer.observe(html, { attributes: true, attributeFilter: ['data-theme'] });
  fix();
  return observer;
}

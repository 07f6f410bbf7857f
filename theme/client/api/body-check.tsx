/**
 * Try it's check of the request body, as a Swagger UI plugin of its own: Execute sends nothing
 * while the body is one Swagger UI would send but the server could not take (request-body.ts says
 * why), and the reason shows under the body editor, where a screen reader and a phone find it
 * (mount-swagger.tsx ties it to the editor). Swagger UI alone checks only that a required body is
 * not "", and says so in a tooltip. Once shown, the reason follows the reader's edits of the body
 * (followEdit): a place that moved, a problem that is another, or no message once the body may go.
 */
import type { ComponentType } from 'react';
import { bodyProblem } from './request-body.ts';

/** Swagger UI's list of a body's errors (an Immutable List): what its editor marks the body with. */
interface BodyErrors {
  size: number;
  join(separator: string): string;
}

interface BodySystem {
  Im: { List(items: string[]): BodyErrors };
  specSelectors: { getOAS3RequiredRequestBodyContentType(pathMethod: [string, string]): { requestBody: unknown } };
  oas3Selectors: {
    requestBodyValue(path: string, method: string): unknown;
    requestContentType(path: string, method: string): string | null;
    requestBodyErrors(path: string, method: string): BodyErrors | null;
  };
  oas3Actions: {
    showRequestBodyProblem(payload: { path: string; method: string; errors: BodyErrors }): void;
    clearRequestBodyValidateError(payload: { path: string; method: string }): void;
  };
}

/**
 * Why the operation's body must not be sent (request-body.ts): a JSON body that is no JSON, or a
 * required one left empty. A form's fields (a Map, not text) are Swagger UI's own to check. The
 * media type is set once the editor shows (Swagger UI's media type select picks the first).
 */
function problemOf(system: BodySystem, path: string, method: string): string | undefined {
  const text = system.oas3Selectors.requestBodyValue(path, method);
  if (text !== null && typeof text !== 'string') return undefined;
  const required = system.specSelectors.getOAS3RequiredRequestBodyContentType([path, method]).requestBody === true;
  return bodyProblem({ text, mediaType: system.oas3Selectors.requestContentType(path, method), required });
}

/** Swagger UI's body errors replaced by ours (its own action always says "Required field is not provided"). */
const SHOW_REQUEST_BODY_PROBLEM = 'docsgen_show_request_body_problem';
type BodyProblemPayload = { path: string; method: string; errors: BodyErrors };
interface OasState {
  setIn(keys: string[], value: unknown): OasState;
}

export const BODY_PROBLEM_ID = 'api-try-body-problem';
/**
 * A number per list of errors: each refused Execute makes a new list, so its message is a new alert,
 * said again. A list that rewords the message after an edit takes the number of the list it
 * replaces (rewordingOf): the alert stays, and only its new text is read out.
 */
const errorsIds = new WeakMap<BodyErrors, number>();
let errorsCount = 0;
function idOfErrors(errors: BodyErrors): number {
  const known = errorsIds.get(errors);
  if (known !== undefined) return known;
  errorsCount += 1;
  errorsIds.set(errors, errorsCount);
  return errorsCount;
}

/** `errors`, numbered as the list `shown` it replaces: the same alert, reworded. */
function rewordingOf(shown: BodyErrors, errors: BodyErrors): BodyErrors {
  errorsIds.set(errors, idOfErrors(shown));
  return errors;
}

/**
 * How long the reader pauses in their edit before the message follows it: each rewording is read
 * out (an alert), and the place moves with nearly every keystroke typed before it; a long body is
 * not scanned at every keystroke either.
 */
const RECHECK_DELAY_MS = 250;
/** The re-check waiting for the reader's pause, per operation (`path method`; the page has one Swagger UI). */
const pending = new Map<string, ReturnType<typeof setTimeout>>();

/** The message under the editor, as the reader's edit leaves the body (followEdit). */
function recheck(system: BodySystem, path: string, method: string): void {
  const shown = system.oas3Selectors.requestBodyErrors(path, method);
  // Execute clears the message before it checks again, and may have sent the body meanwhile.
  if (!shown || shown.size === 0) return;
  const problem = problemOf(system, path, method);
  if (!problem) system.oas3Actions.clearRequestBodyValidateError({ path, method });
  // The same words are not said again: the state, and so the alert, stays as it is.
  else if (problem !== shown.join(' ')) system.oas3Actions.showRequestBodyProblem({ path, method, errors: rewordingOf(shown, system.Im.List([problem])) });
}

/**
 * After an edit of a body whose message shows, the message says what holds once the reader
 * pauses: where the body breaks now, or nothing once it may be sent. Without a message an edit
 * checks nothing: none is shown before Execute refuses the body (a first draft is the reader's to
 * finish), nor again, once gone, before the next refusal.
 */
function followEdit(system: BodySystem, path: string, method: string): void {
  if ((system.oas3Selectors.requestBodyErrors(path, method)?.size ?? 0) === 0) return;
  const key = `${path} ${method}`;
  clearTimeout(pending.get(key));
  pending.set(
    key,
    setTimeout(() => {
      pending.delete(key);
      recheck(system, path, method);
    }, RECHECK_DELAY_MS),
  );
}

interface BodyEditorProps {
  errors?: BodyErrors;
}

/**
 * Swagger UI's body editor, followed by why Execute did not send the body: Swagger UI alone marks
 * the editor red with the reason in its tooltip only, which neither a screen reader nor a phone
 * shows. Tied to the editor by watchSwaggerDom.
 */
const bodyEditorWithProblem = (Original: ComponentType<BodyEditorProps>) =>
  function BodyEditorWithProblem(props: BodyEditorProps) {
    const errors = props.errors;
    return (
      <>
        <Original {...props} />
        {errors && errors.size > 0 ? (
          <p key={idOfErrors(errors)} id={BODY_PROBLEM_ID} className="api-try__blocked api-try__body-problem" role="alert">
            {errors.join(' ')}
          </p>
        ) : null}
      </>
    );
  };

type Action<T> = (payload: T) => unknown;

export const bodyCheckPlugin = () => ({
  wrapComponents: { RequestBodyEditor: bodyEditorWithProblem },
  statePlugins: {
    oas3: {
      actions: {
        showRequestBodyProblem: (payload: BodyProblemPayload) => ({ type: SHOW_REQUEST_BODY_PROBLEM, payload }),
      },
      reducers: {
        [SHOW_REQUEST_BODY_PROBLEM]: (state: OasState, action: { payload: BodyProblemPayload }) => state.setIn(['requestData', action.payload.path, action.payload.method, 'errors'], action.payload.errors),
      },
      wrapSelectors: {
        // Execute sends nothing unless this passes (Swagger UI alone checks only that a required
        // body is not ""): a JSON body must be JSON, and a required one more than whitespace.
        validateBeforeExecute:
          (original: (pathMethod: [string, string]) => unknown, system: BodySystem) =>
          (_state: unknown, pathMethod: [string, string]) =>
            Boolean(original(pathMethod)) && !problemOf(system, ...pathMethod),
      },
      wrapActions: {
        // What Execute says when it refuses the body: why, where, and what to do (request-body.ts).
        setRequestBodyValidateError: (original: Action<{ path: string; method: string }>, system: BodySystem) => (payload: { path: string; method: string }) => {
          const problem = problemOf(system, payload.path, payload.method);
          return problem ? system.oas3Actions.showRequestBodyProblem({ path: payload.path, method: payload.method, errors: system.Im.List([problem]) }) : original(payload);
        },
        // A message Execute showed follows the edits of its body (followEdit): the reader fixing
        // the JSON is told where it breaks now, and that it may go once it may.
        setRequestBodyValue: (original: Action<{ value: unknown; pathMethod: [string, string] }>, system: BodySystem) => (payload: { value: unknown; pathMethod: [string, string] }) => {
          const result = original(payload);
          followEdit(system, ...payload.pathMethod);
          return result;
        },
      },
    },
  },
});

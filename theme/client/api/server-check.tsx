/**
 * Try it's check of the server fields, as a Swagger UI plugin of its own: Execute sends nothing
 * while a server variable field holds text its hint says is no value (server-choice.ts), and the
 * reason shows under the Execute button, naming the field and the text typed. The hints beside
 * the fields are the Try it form's own (mount-swagger.tsx), which also ties a field to the refusal
 * that names it.
 */
import type { ComponentType } from 'react';
import { fieldProblems, refusalFor, type FieldProblem, type SpecServer } from './server-choice.ts';

/** The spec's servers of one Try it, as loaded (mount-swagger.tsx's ServerChoice, filled in when the spec loads). */
interface ServerChoice {
  servers: SpecServer[];
}

/**
 * The selected server, and its fields' values as they are: Swagger UI's own selector of a field's
 * value says null for an emptied field as for one not set yet.
 */
type ServerState = { oas3Selectors: { selectedServer(): string; serverVariables(server: string): { get(name: string): unknown } } };

/** The selected server's first field whose text stands for no value (the first hint shown), with that server. */
function serverProblem(choice: ServerChoice, system: ServerState): { server: SpecServer; problem: FieldProblem } | undefined {
  const url = system.oas3Selectors.selectedServer();
  const server = choice.servers.find((s) => s.url === url);
  const values = system.oas3Selectors.serverVariables(url);
  const problem = server ? fieldProblems(server, (name) => values.get(name))[0] : undefined;
  return server && problem ? { server, problem } : undefined;
}

/** An Execute refused for a server field's text: the operation, the field and its text then, numbered (each refusal is a new alert). */
interface ServerRefusal {
  path: string;
  method: string;
  name: string;
  text: string;
  id: number;
}
const REFUSE_SERVER = 'docsgen_refuse_server';
export const SERVER_REFUSAL_ID = 'api-try-server-refusal';
let refusalsCount = 0;

interface RefusalProps extends ServerState {
  path: string;
  method: string;
  oas3Selectors: ServerState['oas3Selectors'] & { docsgenServerRefusal(): ServerRefusal | undefined };
}

/**
 * Why Execute sent nothing, under the Execute button where the reader looks: said while the field
 * still holds the text refused. An edit takes it away (the hint beside the field follows the
 * edit as it is typed), and the next Execute says anew what it refuses.
 */
const serverRefusalOf = (choice: ServerChoice) =>
  function ServerRefusal(props: RefusalProps) {
    const refused = props.oas3Selectors.docsgenServerRefusal();
    const now = serverProblem(choice, props);
    if (!refused || !now || refused.path !== props.path || refused.method !== props.method || refused.name !== now.problem.name || refused.text !== now.problem.text) return null;
    return (
      <p key={refused.id} id={SERVER_REFUSAL_ID} data-variable={refused.name} className="api-try__blocked api-try__server-refusal" role="alert">
        {refusalFor(now.server, now.problem)}
      </p>
    );
  };

/**
 * Swagger UI's responses, after our refusal (ServerRefusal): the first thing below the Execute
 * button. Our own container, so that it follows the state (Swagger UI's Execute is no container).
 */
const responsesAfterRefusal = (Original: ComponentType<RefusalProps>, system: { getComponent(name: string, container: true): ComponentType<{ path: string; method: string }> }) =>
  function ResponsesAfterRefusal(props: RefusalProps) {
    const Refusal = system.getComponent('DocsgenServerRefusal', true);
    return (
      <>
        <Refusal path={props.path} method={props.method} />
        <Original {...props} />
      </>
    );
  };

export const serverCheckPlugin = (choice: ServerChoice) => () => ({
  components: { DocsgenServerRefusal: serverRefusalOf(choice) },
  wrapComponents: { responses: responsesAfterRefusal },
  statePlugins: {
    spec: {
      wrapSelectors: {
        // Execute sends nothing while a server field holds text its hint says is no value (a host
        // such as `bad host!` went out as `http://bad%20host!/…`, and the browser's error named
        // CORS). Swagger UI asks this only when Execute is pressed, so the refusal is said here.
        validateBeforeExecute:
          (original: (pathMethod: [string, string]) => unknown, system: ServerState & { oas3Actions: { refuseServer(refusal: ServerRefusal): void } }) =>
          (_state: unknown, pathMethod: [string, string]) => {
            const found = serverProblem(choice, system);
            if (found) {
              refusalsCount += 1;
              system.oas3Actions.refuseServer({ path: pathMethod[0], method: pathMethod[1], name: found.problem.name, text: found.problem.text, id: refusalsCount });
            }
            return Boolean(original(pathMethod)) && !found;
          },
      },
    },
    oas3: {
      actions: {
        refuseServer: (refusal: ServerRefusal) => ({ type: REFUSE_SERVER, payload: refusal }),
      },
      reducers: {
        [REFUSE_SERVER]: (state: { set(key: string, value: unknown): unknown }, action: { payload: ServerRefusal }) => state.set('docsgenServerRefusal', action.payload),
      },
      selectors: {
        docsgenServerRefusal: (state: { get(key: string): unknown }) => state.get('docsgenServerRefusal') as ServerRefusal | undefined,
      },
    },
  },
});

/**
 * Try it's Reset, as a Swagger UI plugin of its own: once the reader has edited the body, a "Reset
 * body" button beside the parameters' heading puts back the body the form started with, the code
 * samples' (sample-bodies.ts). Swagger UI's own Reset gives its generated sample instead (every
 * optional field, `"string"` and `0`), and sits beside a Cancel that would close the form, which
 * Try it does not offer: the panel's own button closes it.
 */
import { sampleBodyOf } from './sample-bodies.ts';

interface TryItOutButtonProps {
  isOAS3?: boolean;
  hasUserEditedBody?: boolean;
  onResetClick?: () => void;
}

/**
 * The button goes once the body is the samples' again, which would drop its focus to the page: the
 * focus goes to the body editor, which a screen reader then reads with the body put back.
 */
function resetAndFocusEditor(button: HTMLElement, onResetClick: (() => void) | undefined): void {
  const operation = button.closest('.opblock');
  // The body's own text or first field, not the media type select in its heading.
  const editor = () => operation?.querySelector<HTMLElement>('.opblock-section-request-body .opblock-description-wrapper :is(textarea, input, select)');
  onResetClick?.();
  editor()?.focus();
  // Swagger UI may draw the body's fields anew (a form's): the focus goes to the one drawn.
  requestAnimationFrame(() => {
    if (!operation?.contains(document.activeElement)) editor()?.focus();
  });
}

function ResetBody({ isOAS3, hasUserEditedBody, onResetClick }: TryItOutButtonProps) {
  if (!isOAS3 || !hasUserEditedBody) return null;
  return (
    <div className="api-try__reset">
      <button type="button" className="btn api-try__reset-button" onClick={(event) => resetAndFocusEditor(event.currentTarget, onResetClick)}>
        Reset body
      </button>
    </div>
  );
}

type Selector<T> = (...args: string[]) => T;

interface Oas3Selectors {
  requestContentType: Selector<string | null>;
  requestBodyValue: Selector<unknown>;
  selectDefaultRequestBodyValue: Selector<unknown>;
}

export const bodyResetPlugin = () => ({
  components: { TryItOutButton: ResetBody },
  statePlugins: {
    oas3: {
      wrapSelectors: {
        // Swagger UI counts an emptied body as not edited, and took Reset away just when Execute
        // refused the empty body for want of one: emptied, a body that starts with text is edited.
        hasUserEditedBody:
          (original: Selector<boolean>, system: { oas3Selectors: Oas3Selectors }) =>
          (_state: unknown, path: string, method: string) => {
            if (original(path, method)) return true;
            const start = system.oas3Selectors.selectDefaultRequestBodyValue(path, method);
            const value = system.oas3Selectors.requestBodyValue(path, method); // emptied: null
            return (value === null || value === '') && typeof start === 'string' && start.trim() !== '';
          },
        // What Reset puts back (OperationContainer's onResetClick): the samples' body, while the
        // media type is theirs; another type's is Swagger UI's sample of that type.
        selectDefaultRequestBodyValue:
          (original: Selector<unknown>, system: { oas3Selectors: Pick<Oas3Selectors, 'requestContentType'> }) =>
          (_state: unknown, path: string, method: string) => {
            const ours = sampleBodyOf(path, method);
            return ours && system.oas3Selectors.requestContentType(path, method) === ours.mediaType ? ours.text : original(path, method);
          },
      },
    },
  },
});

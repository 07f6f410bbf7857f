/** What a lazily loaded part shows when its code failed to load: the error text and a Retry button. */
export function LazyError(props: { error: Error; onRetry: () => void; what: string }) {
  return (
    <div className="lazy-error" role="alert">
      <p>
        {props.what} could not be loaded: <code>{props.error.message}</code>
      </p>
      <button type="button" className="button button--secondary" onClick={props.onRetry}>
        Retry
      </button>
    </div>
  );
}

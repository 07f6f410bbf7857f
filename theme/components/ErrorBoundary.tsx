/**
 * The crash fallback: a render error shows "This page crashed.", a "Try again" button and the chain
 * of error causes, and the document title becomes "Page Error | <site title>".
 */
import { Component, type ReactNode } from 'react';

interface Props {
  siteTitle: string;
  delimiter: string;
  /** Changes when the route changes, so a crash on one page does not stick to the next. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { resetKey: props.resetKey, error: null } : null;
  }

  override componentDidUpdate(): void {
    this.markCrashed(this.state.error !== null);
  }

  override componentDidCatch(): void {
    this.markCrashed(true);
  }

  /** The router sets titles after rendering; the `data-crashed` flag tells it to leave this one alone. */
  private markCrashed(crashed: boolean): void {
    if (crashed) {
      document.documentElement.dataset.crashed = 'true';
      document.title = `Page Error ${this.props.delimiter} ${this.props.siteTitle}`;
    } else {
      delete document.documentElement.dataset.crashed;
    }
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const causes: Error[] = [];
    for (let e: unknown = error; e instanceof Error && causes.length < 10; e = e.cause) causes.push(e);
    return (
      <main className="crash" id="main-content" tabIndex={-1}>
        <div role="alert" className="crash__box">
          <h1>This page crashed.</h1>
          <button type="button" className="button button--primary" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
          <ol className="crash__causes">
            {causes.map((cause, i) => (
              <li key={i}>
                {i > 0 ? 'Cause: ' : ''}
                <code>{cause.message}</code>
              </li>
            ))}
          </ol>
        </div>
      </main>
    );
  }
}

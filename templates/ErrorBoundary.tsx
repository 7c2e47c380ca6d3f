// Error boundaries. A page that throws while rendering shows "This page crashed" (the document title
// reads "This page crashed.") with the message and its causes; "Try again" clears the error and renders
// the page again. Server rendering never gets here: renderToString does not run error boundaries.
import { Component, useEffect, type ReactNode } from 'react';
import { useSite } from './context.tsx';

/** The message of an error and of each error in its `cause` chain. */
export function errorMessages(error: unknown): string[] {
  const out: string[] = [];
  let e: unknown = error;
  while (e !== undefined && e !== null && out.length < 5) {
    out.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return out.length ? out : [String(error)];
}

export function ErrorPageContent({ error, tryAgain }: { error: unknown; tryAgain: () => void }) {
  const { t } = useSite();
  const [message, ...causes] = errorMessages(error);
  const title = t('theme.ErrorPageContent.title');
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return (
    <div className="container error-page" role="alert">
      <h1>{t('theme.ErrorPageContent.heading')}</h1>
      <p className="error-page__message">{message}</p>
      {causes.map((cause, i) => (
        <p key={i} className="error-page__cause">
          {t('theme.ErrorPageContent.causedBy')}: {cause}
        </p>
      ))}
      <button type="button" className="button button--primary" onClick={tryAgain}>
        {t('theme.ErrorPageContent.tryAgain')}
      </button>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Changing it (e.g. the route path) clears a caught error. */
  resetKey?: string;
  fallback: (error: unknown, tryAgain: () => void) => ReactNode;
  /** How the error is reported; the console by default. */
  onError?: (error: unknown) => void;
}

export class ErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }
  override componentDidCatch(error: unknown) {
    if (this.props.onError) this.props.onError(error);
    else console.error(error);
  }
  override componentDidUpdate(prev: BoundaryProps) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ error: undefined, failed: false });
  }
  override render() {
    if (this.state.failed) return this.props.fallback(this.state.error, () => this.setState({ error: undefined, failed: false }));
    return this.props.children;
  }
}

// "This page crashed": shown when a page throws while rendering; "Try again" clears the error.
import { Component, type ReactNode } from 'react';
import { useSite } from './context.tsx';

function causes(error: unknown): string[] {
  const out: string[] = [];
  let e: unknown = error;
  while (e instanceof Error && out.length < 5) {
    out.push(e.message);
    e = e.cause;
  }
  return out.length ? out : [String(error)];
}

export function ErrorPageContent({ error, tryAgain }: { error: unknown; tryAgain: () => void }) {
  const { t } = useSite();
  const [message, ...rest] = causes(error);
  return (
    <div className="container error-page" role="alert">
      <h1 title={t('theme.ErrorPageContent.title')}>{t('theme.ErrorPageContent.heading')}</h1>
      <p className="error-page__message">{message}</p>
      {rest.map((cause, i) => (
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

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  override render() {
    if (this.state.error) return <ErrorPageContent error={this.state.error} tryAgain={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

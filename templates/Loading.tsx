// What a lazily loaded chunk shows while it loads: nothing for the first 200 ms (most loads finish
// sooner, and a flash of spinner is worse than a short wait), then a spinner; if the load fails, a red
// box with the error text and a Retry button that loads again.
import { useEffect, useState, type ComponentType } from 'react';
import { useSite } from './context.tsx';

export const LOADING_DELAY_MS = 200;

export function Loading({ error, pastDelay, retry }: { error?: unknown; pastDelay: boolean; retry: () => void }) {
  const { t } = useSite();
  if (error !== undefined) {
    const message = error instanceof Error ? error.message : String(error);
    return (
      <div className="loading loading--failed" role="alert">
        <p className="loading__error">{t('theme.loading.failed', { message })}</p>
        <button type="button" className="button loading__retry" onClick={retry}>
          {t('theme.loading.retry')}
        </button>
      </div>
    );
  }
  if (!pastDelay) return null;
  return (
    <div className="loading" role="status">
      <svg className="loading__spinner" viewBox="0 0 50 50" width="48" height="48" aria-hidden="true" focusable="false">
        <circle className="loading__track" cx="25" cy="25" r="20" />
        <circle className="loading__arc" cx="25" cy="25" r="20" />
      </svg>
      <span className="sr-only">{t('theme.loading.label')}</span>
    </div>
  );
}

interface LoadState<T> {
  value?: T;
  error?: unknown;
  pastDelay: boolean;
}

/**
 * A component that renders the component `load` resolves to, with <Loading> meanwhile. Retry calls `load`
 * again with the attempt number, so it can ask for a URL the browser's module map has not seen.
 */
export function lazyComponent<P extends object>(load: (attempt: number) => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  function Lazy(props: P) {
    const [attempt, setAttempt] = useState(0);
    const [state, setState] = useState<LoadState<ComponentType<P>>>({ value: loaded, pastDelay: false });
    useEffect(() => {
      if (state.value) return undefined;
      let live = true;
      const timer = setTimeout(() => live && setState((s) => ({ ...s, pastDelay: true })), LOADING_DELAY_MS);
      load(attempt).then(
        (value) => {
          loaded = value;
          if (live) setState({ value, pastDelay: true });
        },
        (error: unknown) => live && setState({ error: error ?? new Error('Loading failed'), pastDelay: true }),
      );
      return () => {
        live = false;
        clearTimeout(timer);
      };
      // Only a retry starts a new load.
    }, [attempt]);
    const Component = state.value;
    if (Component) return <Component {...props} />;
    return (
      <Loading
        error={state.error}
        pastDelay={state.pastDelay}
        retry={() => {
          setState({ pastDelay: false });
          setAttempt((a) => a + 1);
        }}
      />
    );
  }
  return Lazy;
}

// Session history for client-side navigation. The browser's own scroll restoration is off: it would jump
// on popstate, before the new page is rendered. Instead each entry's scroll position is remembered (in
// memory while the page lives, and in history.state so a reload or a return to this document finds it).

interface EntryState {
  key: string;
  y?: number;
}

const positions = new Map<string, number>();
/** Key of the entry on screen: at popstate the position of the entry we leave is taken from here. */
let currentKey: string | undefined;

const newKey = () => Math.random().toString(36).slice(2, 10);

function entryState(): EntryState | undefined {
  const value = window.history.state as unknown;
  return value && typeof value === 'object' && typeof (value as EntryState).key === 'string' ? (value as EntryState) : undefined;
}

function persist(key = entryState()?.key ?? newKey(), y = window.scrollY): string {
  try {
    window.history.replaceState({ ...(window.history.state as object), key, y }, '');
  } catch {
    // Some browsers throttle replaceState; the in-memory position still works.
  }
  return key;
}

/** Sets up scroll tracking; returns the position to restore on a reload or a return (if any). */
export function startHistory(): { restoreY?: number; stop: () => void } {
  window.history.scrollRestoration = 'manual';
  const state = entryState();
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const returning = nav?.type === 'reload' || nav?.type === 'back_forward';
  currentKey = state?.key ?? persist();
  // An entry the browser made for an in-page anchor has no state: it gets a key on its first scroll.
  const onScroll = () => positions.set(entryState()?.key ?? persist(), window.scrollY);
  const onHide = () => persist();
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('pagehide', onHide);
  return {
    restoreY: returning && !window.location.hash ? state?.y : undefined,
    stop: () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
    },
  };
}

/** A new entry for a client-side navigation; the entry we leave keeps its scroll position `leaveY`. */
export function pushEntry(url: string, leaveY: number): void {
  const key = persist(undefined, leaveY);
  positions.set(key, leaveY);
  currentKey = newKey();
  window.history.pushState({ key: currentKey, y: 0 }, '', url);
}

/** Call at popstate: the remembered scroll position of the entry we arrived at, if any. */
export function poppedScroll(): number | undefined {
  // The scroll event of a last scroll may not have fired yet: the page on screen is still the one we leave.
  if (currentKey) positions.set(currentKey, window.scrollY);
  const state = entryState();
  currentKey = state?.key;
  return state ? (positions.get(state.key) ?? state.y) : undefined;
}

// Which search hosts are down, remembered across requests and page loads (localStorage, memory when
// storage is unavailable), so a host that refused a connection is skipped until it has been down for
// 2 minutes. The client's default cache files a host under its whole state object (status and time
// included), so a later lookup by host never finds it and a dead host is tried on every request; this
// cache files each host under its address.

export const HOST_DOWN_RETRY_MS = 120_000;

interface Host {
  url: string;
  protocol: string;
  accept?: string;
}

interface StoredState {
  status: 'up' | 'down' | 'timed out';
  lastUpdate: number;
}

type HostCache = {
  get: <T>(key: Record<string, unknown> | string, defaultValue: () => Promise<T>) => Promise<T>;
  set: <T>(key: Record<string, unknown> | string, value: T) => Promise<T>;
  delete: (key: Record<string, unknown> | string) => Promise<void>;
  clear: () => Promise<void>;
};

/** A host with the state the client's retry strategy asks about. */
export function statefulHost(host: Host, state: StoredState) {
  return {
    ...host,
    ...state,
    isUp: () => state.status === 'up' || Date.now() - state.lastUpdate > HOST_DOWN_RETRY_MS,
    isTimedOut: () => state.status === 'timed out' && Date.now() - state.lastUpdate <= HOST_DOWN_RETRY_MS,
  };
}

export function hostStateCache(storageKey: string): HostCache {
  let memory: Record<string, StoredState> = {};
  const read = (): Record<string, StoredState> => {
    try {
      const value: unknown = JSON.parse(window.localStorage.getItem(storageKey) ?? '{}');
      return typeof value === 'object' && value !== null ? (value as Record<string, StoredState>) : {};
    } catch {
      return memory;
    }
  };
  const write = (states: Record<string, StoredState>) => {
    memory = states;
    try {
      window.localStorage.setItem(storageKey, JSON.stringify(states));
    } catch {
      // Memory only.
    }
  };
  const address = (key: Record<string, unknown> | string) => (typeof key === 'string' ? key : `${String(key.protocol)}://${String(key.url)}`);
  const isState = (s: StoredState | undefined): s is StoredState => typeof s?.lastUpdate === 'number' && ['up', 'down', 'timed out'].includes(s.status);
  return {
    get<T>(key: Record<string, unknown> | string, defaultValue: () => Promise<T>) {
      const state = read()[address(key)];
      return isState(state) && typeof key !== 'string' ? Promise.resolve(statefulHost(key as unknown as Host, state) as T) : defaultValue();
    },
    set<T>(key: Record<string, unknown> | string, value: T) {
      const v = value as unknown as Partial<StoredState>;
      if (v.status && typeof v.lastUpdate === 'number') write({ ...read(), [address(key)]: { status: v.status, lastUpdate: v.lastUpdate } });
      return Promise.resolve(value);
    },
    delete(key) {
      const states = read();
      delete states[address(key)];
      write(states);
      return Promise.resolve();
    },
    clear() {
      write({});
      return Promise.resolve();
    },
  };
}

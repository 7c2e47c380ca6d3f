// Which sidebar categories are open. Held above the page so it survives client-side navigation: a
// category stays as the visitor left it; the active page's category opens, nothing ever auto-collapses.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface SidebarState {
  isExpanded: (key: string, fallback: boolean) => boolean;
  setExpanded: (key: string, expanded: boolean) => void;
}

const Ctx = createContext<SidebarState>({ isExpanded: (_k, fallback) => fallback, setExpanded: () => undefined });

export function SidebarStateProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<Record<string, boolean>>({});
  const isExpanded = useCallback((key: string, fallback: boolean) => (Object.hasOwn(state, key) ? state[key]! : fallback), [state]);
  const setExpanded = useCallback((key: string, expanded: boolean) => setState((s) => ({ ...s, [key]: expanded })), []);
  const value = useMemo(() => ({ isExpanded, setExpanded }), [isExpanded, setExpanded]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSidebarState(): SidebarState {
  return useContext(Ctx);
}

// Hydrates the islands of an MDX page (renderer/content/mdx/islands.ts): each `[data-island]` wrapper in the
// page's content becomes a React root of its own, rendering the page's browser compile with only that island
// shown. An island of a partial has a path for an id (`3.0`: island 0 of the partial the page shows as its
// element 3), followed one step per compile. Bundled into each page's island script
// (renderer/bundle/islands.ts), run by Root.tsx once the app has hydrated and after each navigation to such a page.
import { Children, createContext, isValidElement, useContext, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import Admonition from '../templates/mdx/Admonition.tsx';
import Details from '../templates/mdx/Details.tsx';
import { IslandContext, MdxThemeContext, type MdxSite, type MdxTheme } from '../templates/mdx/context.ts';
import { ISLAND_ATTRIBUTE } from '../templates/mdx/Island.tsx';

type Content = ComponentType;

/** What an island script exports: hydrates the islands below `container`, returns what unmounts them. */
export type HydrateIslands = (container: Element) => () => void;

/** The steps of the island's id still to follow: the next compile shows only the one its first step names. */
const IslandPath = createContext<readonly string[]>([]);

/** The islands (and partials' groups) of one compile: only the one the path names is rendered. */
function Only({ children }: { children?: ReactNode }) {
  const [step, ...rest] = useContext(IslandPath);
  const chosen = Children.toArray(children).find((c) => isValidElement<{ id?: string }>(c) && c.props.id === step);
  return <IslandPath.Provider value={rest}>{chosen ?? null}</IslandPath.Provider>;
}

const Passthrough = ({ children }: { children?: ReactNode }) => <>{children}</>;

const COMPONENTS = {
  Admonition,
  Details,
  CheatsheetIslands: Only,
  CheatsheetIsland: Passthrough,
  CheatsheetIslandGroup: Passthrough,
};

/** The MDX compiler's provider hook (providerImportSource): every compile of the island scripts reads it. */
export function useMDXComponents(): Record<string, ComponentType<never>> {
  return COMPONENTS as Record<string, ComponentType<never>>;
}

const ALIASES: Record<string, string> = { secondary: 'note', important: 'info', success: 'tip', caution: 'warning' };

export function islandHydrator(Content: Content, site: MdxSite, titles: Record<string, string>): HydrateIslands {
  const theme: MdxTheme = {
    admonition: (type) => {
      const kind = titles[type] !== undefined ? type : (ALIASES[type] ?? 'note');
      return { kind, title: titles[kind] ?? kind };
    },
    site,
    warn: () => undefined,
  };
  return (container) => {
    const roots: Root[] = [];
    for (const element of container.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`)) {
      const path = (element.getAttribute(ISLAND_ATTRIBUTE) ?? '').split('.');
      roots.push(
        hydrateRoot(
          element,
          <MdxThemeContext.Provider value={theme}>
            <IslandContext.Provider value={true}>
              <IslandPath.Provider value={path}>
                <Content />
              </IslandPath.Provider>
            </IslandContext.Provider>
          </MdxThemeContext.Provider>,
        ),
      );
    }
    // After the commit that removed the page (React refuses a synchronous unmount while it commits another root).
    return () => queueMicrotask(() => roots.forEach((r) => r.unmount()));
  };
}

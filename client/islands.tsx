// Hydrates the islands of an MDX page (renderer/content/mdx/islands.ts): each `[data-island]` wrapper in the
// page's content becomes a React root of its own, rendering the page's browser compile with only that island
// shown. Bundled into each page's island script (renderer/bundle/islands.ts), run by Root.tsx once the app
// has hydrated and after each navigation to such a page.
import { Children, isValidElement, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import Admonition from '../templates/mdx/Admonition.tsx';
import Details from '../templates/mdx/Details.tsx';
import { IslandContext, MdxThemeContext, type MdxSite, type MdxTheme } from '../templates/mdx/context.ts';
import { ISLAND_ATTRIBUTE } from '../templates/mdx/Island.tsx';

type Content = ComponentType<{ components?: Record<string, ComponentType<never>> }>;

/** What an island script exports: hydrates the islands below `container`, returns what unmounts them. */
export type HydrateIslands = (container: Element) => () => void;

const Island = ({ children }: { children?: ReactNode }) => <>{children}</>;

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
      const id = element.getAttribute(ISLAND_ATTRIBUTE);
      const Only = ({ children }: { children?: ReactNode }) => <>{Children.toArray(children).find((c) => isValidElement<{ id?: string }>(c) && c.props.id === id) ?? null}</>;
      roots.push(
        hydrateRoot(
          element,
          <MdxThemeContext.Provider value={theme}>
            <IslandContext.Provider value={true}>
              <Content components={{ Admonition: Admonition as ComponentType<never>, Details: Details as ComponentType<never>, CheatsheetIslands: Only as ComponentType<never>, CheatsheetIsland: Island as ComponentType<never> }} />
            </IslandContext.Provider>
          </MdxThemeContext.Provider>,
        ),
      );
    }
    // After the commit that removed the page (React refuses a synchronous unmount while it commits another root).
    return () => queueMicrotask(() => roots.forEach((r) => r.unmount()));
  };
}

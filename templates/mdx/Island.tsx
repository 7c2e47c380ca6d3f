// Where an island of an MDX page sits in the server's HTML (renderer/content/mdx/islands.ts): a wrapper that
// takes no room of its own, which the browser hydrates with the island's component (client/islands.tsx).
import { useContext, type ReactNode } from 'react';
import { IslandContext, IslandPrefixContext } from './context.ts';

export const ISLAND_ATTRIBUTE = 'data-island';

export function IslandMark({ id, inline, children }: { id: string; inline?: boolean; children?: ReactNode }) {
  const prefix = useContext(IslandPrefixContext);
  // An island of a partial shown inside an island of the page is part of that one: the browser renders both.
  if (useContext(IslandContext)) return <>{children}</>;
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag {...{ [ISLAND_ATTRIBUTE]: prefix + id }} style={{ display: 'contents' }}>
      <IslandContext.Provider value={true}>{children}</IslandContext.Provider>
    </Tag>
  );
}

/** A partial shown by the page: its islands' ids start with the group's (no element: the partial's HTML is as it was). */
export function IslandGroup({ id, children }: { id: string; children?: ReactNode }) {
  const prefix = useContext(IslandPrefixContext);
  return <IslandPrefixContext.Provider value={`${prefix}${id}.`}>{children}</IslandPrefixContext.Provider>;
}

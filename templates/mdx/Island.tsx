// Where an island of an MDX page sits in the server's HTML (renderer/content/mdx/islands.ts): a wrapper that
// takes no room of its own, which the browser hydrates with the island's component (client/islands.tsx).
import type { ReactNode } from 'react';
import { IslandContext } from './context.ts';

export const ISLAND_ATTRIBUTE = 'data-island';

export function IslandMark({ id, inline, children }: { id: string; inline?: boolean; children?: ReactNode }) {
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag {...{ [ISLAND_ATTRIBUTE]: id }} style={{ display: 'contents' }}>
      <IslandContext.Provider value={true}>{children}</IslandContext.Provider>
    </Tag>
  );
}

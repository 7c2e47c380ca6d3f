// Table of contents: desktop column with the heading in view highlighted, and a collapsible
// "On this page" block for narrow screens.
import { useEffect, useState } from 'react';
import type { TocItem } from '../../renderer/shared/types.ts';
import { useSite } from '../context.tsx';

interface Node {
  item: TocItem;
  children: Node[];
}

function nest(items: TocItem[]): Node[] {
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const item of items) {
    const node = { item, children: [] };
    while (stack.length && stack[stack.length - 1]!.item.level >= item.level) stack.pop();
    (stack.length ? stack[stack.length - 1]!.children : roots).push(node);
    stack.push(node);
  }
  return roots;
}

function TocList({ nodes, activeId, className, onPick }: { nodes: Node[]; activeId?: string; className?: string; onPick?: () => void }) {
  return (
    <ul className={className}>
      {nodes.map(({ item, children }) => (
        <li key={item.id}>
          <a href={`#${item.id}`} className={`table-of-contents__link toc-highlight ${item.id === activeId ? 'table-of-contents__link--active' : ''}`} onClick={onPick}>
            {item.text}
          </a>
          {children.length > 0 && <TocList nodes={children} activeId={activeId} />}
        </li>
      ))}
    </ul>
  );
}

/** The id of the last heading above the top third of the viewport. */
function useActiveHeading(items: TocItem[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!items.length) return undefined;
    const update = () => {
      const limit = window.innerHeight / 3;
      let current: string | undefined;
      for (const item of items) {
        const el = document.getElementById(item.id);
        if (el && el.getBoundingClientRect().top < limit) current = item.id;
      }
      setActive(current ?? items[0]!.id);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [items]);
  return active;
}

export function TocDesktop({ items }: { items: TocItem[] }) {
  const { t } = useSite();
  const active = useActiveHeading(items);
  return (
    <nav className="theme-doc-toc-desktop table-of-contents-container" aria-label={t('theme.TOCCollapsible.toggleButtonLabel')}>
      <TocList nodes={nest(items)} activeId={active} className="table-of-contents" />
    </nav>
  );
}

export function TocMobile({ items }: { items: TocItem[] }) {
  const { t } = useSite();
  const [open, setOpen] = useState(false);
  return (
    <div className={`theme-doc-toc-mobile toc-collapsible ${open ? 'toc-collapsible--expanded' : ''}`}>
      <button type="button" className="clean-btn toc-collapsible__button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {t('theme.TOCCollapsible.toggleButtonLabel')}
      </button>
      <div className="toc-collapsible__content" hidden={!open}>
        <TocList nodes={nest(items)} className="table-of-contents" onPick={() => setOpen(false)} />
      </div>
    </div>
  );
}

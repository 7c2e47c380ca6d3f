// A navbar dropdown: a real button with aria-expanded, closing on an outside click, on Escape and when
// focus leaves it, moving through its links with the arrow keys.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from '../Link.tsx';
import { ExternalIcon } from '../icons.tsx';

export interface DropdownLink {
  label: string;
  href: string;
  external?: boolean;
  lang?: string;
  active?: boolean;
  /** Plain <a>: a full page load (e.g. switching locale). */
  reload?: boolean;
  onSelect?: () => void;
}

export function Dropdown({ label, ariaLabel, icon, items, className, mobile }: { label: string; ariaLabel?: string; icon?: ReactNode; items: DropdownLink[]; className?: string; mobile?: boolean }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);
  const focusItem = (delta: number) => {
    const links = [...(root.current?.querySelectorAll<HTMLAnchorElement>('.dropdown__link') ?? [])];
    if (!links.length) return;
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    // From the toggle, ArrowDown goes to the first item and ArrowUp to the last.
    const next = at < 0 ? (delta > 0 ? 0 : links.length - 1) : (at + delta + links.length) % links.length;
    links[next]!.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      requestAnimationFrame(() => focusItem(event.key === 'ArrowDown' ? 1 : -1));
    }
  };
  return (
    <div
      ref={root}
      className={`navbar__item dropdown ${open ? 'dropdown--show' : ''} ${mobile ? 'dropdown--mobile' : ''} ${className ?? ''}`}
      onKeyDown={onKeyDown}
      // Tabbing out of the menu closes it, as a click outside does.
      onBlur={(event) => {
        if (open && event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button ref={button} type="button" className="clean-btn navbar__link dropdown__toggle" aria-haspopup="true" aria-expanded={open} aria-controls={menuId} aria-label={ariaLabel} onClick={() => setOpen((o) => !o)}>
        {icon}
        <span>{label}</span>
      </button>
      <ul id={menuId} className="dropdown__menu" hidden={!open}>
        {items.map((item) => (
          <li key={item.href + item.label}>
            {item.reload ? (
              <a className={`dropdown__link ${item.active ? 'dropdown__link--active' : ''}`} href={item.href} lang={item.lang} hrefLang={item.lang} aria-current={item.active ? 'true' : undefined} onClick={item.onSelect}>
                {item.label}
              </a>
            ) : (
              <Link
                className={`dropdown__link ${item.active ? 'dropdown__link--active' : ''}`}
                href={item.href}
                aria-current={item.active ? 'true' : undefined}
                noPrefetch
                onClick={() => {
                  item.onSelect?.();
                  setOpen(false);
                }}
              >
                {item.label}
                {item.external && <ExternalIcon />}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

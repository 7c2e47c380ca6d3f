// `<Admonition type="tip" title="…">`: the same markup as a `:::tip[…]` block (see renderer/content/admonitions.ts).
import { useContext, type ReactNode } from 'react';
import { MdxThemeContext } from './context.ts';

export default function Admonition({ type = 'note', title, children }: { type?: string; title?: ReactNode; children?: ReactNode }) {
  const { kind, title: fallback } = useContext(MdxThemeContext).admonition(type);
  return (
    <div className={`theme-admonition theme-admonition-${kind} admonition alert--${kind}`}>
      <div className="admonition-heading">{title ?? fallback}</div>
      <div className="admonition-content">{children}</div>
    </div>
  );
}

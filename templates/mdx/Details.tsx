// `<Details summary="…">`: a native disclosure; a `<summary>` child is taken as written.
import { Children, isValidElement, type ReactNode } from 'react';

export default function Details({ summary, children, ...rest }: { summary?: ReactNode; children?: ReactNode; open?: boolean; className?: string }) {
  const items = Children.toArray(children);
  const own = items.find((c) => isValidElement(c) && c.type === 'summary');
  return (
    <details {...rest} className={['details', rest.className].filter(Boolean).join(' ')}>
      {own ?? <summary>{summary ?? 'Details'}</summary>}
      <div>{items.filter((c) => c !== own)}</div>
    </details>
  );
}

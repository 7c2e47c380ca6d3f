// `<CodeBlock language="ts" title="…">{code}</CodeBlock>`: written as a fence would be (`pre[data-language]`),
// so the page's highlight stage gives it the same colours, title, line marks and copy button.
import { Children, type ReactNode } from 'react';

interface Props {
  children?: ReactNode;
  language?: string;
  title?: string;
  showLineNumbers?: boolean | number;
  metastring?: string;
  className?: string;
}

export default function CodeBlock({ children, language, title, showLineNumbers, metastring, className }: Props) {
  const lang = language ?? /language-(\S+)/.exec(className ?? '')?.[1] ?? '';
  const meta = [metastring, title ? `title="${title.replace(/"/g, "'")}"` : '', showLineNumbers === true ? 'showLineNumbers' : typeof showLineNumbers === 'number' ? `showLineNumbers=${showLineNumbers}` : '']
    .filter(Boolean)
    .join(' ');
  const text = Children.toArray(children).join('').replace(/\n$/, '');
  return (
    <pre data-language={lang} {...(meta ? { 'data-meta': meta } : {})}>
      <code>{text}</code>
    </pre>
  );
}

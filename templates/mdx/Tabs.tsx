// `<Tabs>`/`<TabItem>` as Docusaurus writes them (class names, roles), rendered with the default tab shown.
// Switching, `groupId` sync, the stored choice and `queryString` are client/tabs.ts's work on this markup.
// `lazy`: only the shown panel's content is in the document; the others' content waits in a <template>
// (parsed, never rendered or run) until client/tabs.ts mounts it on selection.
import { Children, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

export interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
  className?: string;
  attributes?: Record<string, string>;
}

interface TabsProps {
  children?: ReactNode;
  values?: { value: string; label?: string; attributes?: Record<string, string> }[];
  defaultValue?: string | null;
  groupId?: string;
  queryString?: string | boolean;
  className?: string;
  lazy?: boolean;
}

export function TabItem({ children, className }: TabItemProps) {
  return <div className={className}>{children}</div>;
}

export default function Tabs({ children, values, defaultValue, groupId, queryString, className, lazy }: TabsProps) {
  const id = useId();
  const items = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => isValidElement(c) && typeof (c.props as TabItemProps).value === 'string');
  const tabs = values ?? items.map((i) => ({ value: i.props.value, label: i.props.label, attributes: i.props.attributes }));
  const seen = new Set<string>();
  for (const t of tabs) {
    if (seen.has(t.value)) throw new Error(`<Tabs> has two tabs with the value "${t.value}": each <TabItem> needs its own value.`);
    seen.add(t.value);
  }
  const wanted = defaultValue ?? items.find((i) => i.props.default)?.props.value ?? tabs[0]?.value;
  if (wanted !== undefined && !seen.has(wanted)) throw new Error(`<Tabs> default "${wanted}" is not one of its values (${[...seen].join(', ')}).`);
  const query = queryString === true ? groupId : typeof queryString === 'string' ? queryString : undefined;
  return (
    <div className="tabs-container" {...(lazy ? { 'data-lazy': '' } : {})} {...(groupId ? { 'data-group-id': groupId } : {})} {...(query ? { 'data-query-string': query } : {})}>
      <ul role="tablist" aria-orientation="horizontal" className={['tabs', className].filter(Boolean).join(' ')}>
        {tabs.map((t, n) => {
          const active = t.value === wanted;
          return (
            <li key={t.value} {...t.attributes} role="tab" tabIndex={active ? 0 : -1} aria-selected={active} id={`${id}-tab-${n}`} aria-controls={`${id}-panel-${n}`} data-value={t.value} className={['tabs__item', active ? 'tabs__item--active' : '', t.attributes?.className].filter(Boolean).join(' ')}>
              {t.label ?? t.value}
            </li>
          );
        })}
      </ul>
      <div className="margin-top--md">
        {tabs.map((t, n) => {
          const item = items.find((i) => i.props.value === t.value);
          return (
            <div key={t.value} role="tabpanel" id={`${id}-panel-${n}`} aria-labelledby={`${id}-tab-${n}`} data-value={t.value} className={['tabpanel', item?.props.className].filter(Boolean).join(' ')} hidden={t.value !== wanted}>
              {lazy && t.value !== wanted ? <template>{item?.props.children}</template> : item?.props.children}
            </div>
          );
        })}
      </div>
    </div>
  );
}

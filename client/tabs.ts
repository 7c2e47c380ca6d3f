// Tabs written at build time by templates/mdx/Tabs.tsx, made interactive: clicking (or Enter/Space on) a tab
// shows its panel; arrow keys move between tabs; a `groupId` choice is applied to every tab set of the group
// on the page and kept in localStorage as `docusaurus.tab.<groupId>` (Docusaurus's key, so a reader's choice
// carries over); `queryString` puts it in the URL and reads it back. Fetched only by pages that have tabs.

const storageKey = (group: string) => `docusaurus.tab.${group}`;

function select(container: Element, value: string): boolean {
  const tabs = [...container.querySelectorAll<HTMLElement>(':scope > [role=tablist] > [role=tab]')];
  if (!tabs.some((t) => t.dataset.value === value)) return false;
  for (const tab of tabs) {
    const on = tab.dataset.value === value;
    tab.classList.toggle('tabs__item--active', on);
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
  }
  const lazy = container.hasAttribute('data-lazy');
  for (const panel of container.querySelectorAll<HTMLElement>(':scope > div > [role=tabpanel]')) {
    panel.hidden = panel.dataset.value !== value;
    if (lazy) mountPanel(panel, !panel.hidden);
  }
  return true;
}

/**
 * A lazy tab set keeps only the shown panel's content in the document, as Docusaurus renders only the
 * selected tab: a panel shown takes its content out of its <template>, a panel hidden puts it back.
 */
function mountPanel(panel: HTMLElement, shown: boolean): void {
  const held = panel.children.length === 1 && panel.firstElementChild instanceof HTMLTemplateElement ? panel.firstElementChild : null;
  if (shown && held) panel.replaceChildren(held.content);
  else if (!shown && !held && panel.childNodes.length) {
    const template = document.createElement('template');
    template.content.append(...panel.childNodes);
    panel.replaceChildren(template);
  }
}

function choose(container: HTMLElement, value: string): void {
  if (!select(container, value)) return;
  const group = container.dataset.groupId;
  if (group) {
    for (const other of document.querySelectorAll<HTMLElement>('.tabs-container')) if (other !== container && other.dataset.groupId === group) select(other, value);
    try {
      localStorage.setItem(storageKey(group), value);
    } catch {
      // Storage refused (private mode, quota): the choice lasts for this page only.
    }
  }
  const query = container.dataset.queryString;
  if (query) {
    const url = new URL(window.location.href);
    url.searchParams.set(query, value);
    window.history.replaceState(window.history.state, '', url);
  }
}

/** Shows each tab set's remembered choice: the stored group choice, then the URL's `queryString` over it (a
 * shared link shows what its sender saw, for the whole group, and becomes the reader's choice). */
export function restoreTabs(): void {
  const params = new URLSearchParams(window.location.search);
  const queried: [HTMLElement, string][] = [];
  for (const container of document.querySelectorAll<HTMLElement>('.tabs-container')) {
    const fromQuery = container.dataset.queryString ? params.get(container.dataset.queryString) : null;
    let stored: string | null = null;
    try {
      stored = container.dataset.groupId ? localStorage.getItem(storageKey(container.dataset.groupId)) : null;
    } catch {
      stored = null;
    }
    if (stored) select(container, stored);
    if (fromQuery) queried.push([container, fromQuery]);
  }
  for (const [container, value] of queried) choose(container, value);
}

export function installTabs(): () => void {
  const tabOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>('.tabs-container > [role=tablist] > [role=tab]') : null);
  const onClick = (event: MouseEvent) => {
    const tab = tabOf(event.target);
    const container = tab?.closest<HTMLElement>('.tabs-container');
    if (tab?.dataset.value && container) choose(container, tab.dataset.value);
  };
  const onKey = (event: KeyboardEvent) => {
    const tab = tabOf(event.target);
    const container = tab?.closest<HTMLElement>('.tabs-container');
    if (!tab || !container) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (tab.dataset.value) choose(container, tab.dataset.value);
      return;
    }
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const tabs = [...container.querySelectorAll<HTMLElement>(':scope > [role=tablist] > [role=tab]')];
    tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]?.focus();
  };
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKey);
  return () => {
    document.removeEventListener('click', onClick);
    document.removeEventListener('keydown', onKey);
  };
}

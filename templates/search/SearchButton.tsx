// The navbar's search button (DocSearch's class names). The modal and the index load only on intent:
// hover or focus prepares them, a click, Ctrl/Cmd+K, '/' or a typed letter opens the modal (the letter
// becomes the start of the query).
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useRuntime, useSite } from '../context.tsx';
import { SearchIcon } from '../icons.tsx';
import { setSearchRuntime } from './search-host.ts';

/** Apple keyboards say ⌘ where others say Ctrl; known only in the browser, so after hydration. */
function useModifierLabel(hydrated: boolean): string {
  const [label, setLabel] = useState('Ctrl');
  useEffect(() => {
    if (hydrated && /Mac|iPhone|iPad|iPod/.test(navigator.platform)) setLabel('⌘');
  }, [hydrated]);
  return label;
}

export function SearchButton() {
  const { t } = useSite();
  const runtime = useRuntime();
  const modifier = useModifierLabel(runtime.hydrated);
  // The modal renders in its own root: it navigates through the runtime registered here.
  useEffect(() => setSearchRuntime(runtime), [runtime]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      runtime.openSearch(event.key);
    }
  };
  return (
    <button
      type="button"
      className="DocSearch DocSearch-Button navbar__item"
      aria-keyshortcuts="Control+K Meta+K /"
      onClick={() => runtime.openSearch()}
      onMouseEnter={() => runtime.loadSearch()}
      onFocus={() => runtime.loadSearch()}
      onTouchStart={() => runtime.loadSearch()}
      onKeyDown={onKeyDown}
    >
      <span className="DocSearch-Button-Container">
        <SearchIcon className="DocSearch-Search-Icon" />
        <span className="DocSearch-Button-Placeholder">{t('theme.SearchBar.label')}</span>
      </span>
      <span className="DocSearch-Button-Keys" aria-hidden="true">
        <kbd className="DocSearch-Button-Key">{modifier}</kbd>
        <kbd className="DocSearch-Button-Key">K</kbd>
      </span>
    </button>
  );
}

// The navbar's search button (DocSearch's class names). The modal and the index load only on intent:
// hover or focus prepares them, a click, Ctrl/Cmd+K, '/' or a typed letter opens the modal.
import type { KeyboardEvent } from 'react';
import { useRuntime, useSite } from '../context.tsx';
import { SearchIcon } from '../icons.tsx';

export function SearchButton() {
  const { t } = useSite();
  const runtime = useRuntime();
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
        <kbd className="DocSearch-Button-Key">Ctrl</kbd>
        <kbd className="DocSearch-Button-Key">K</kbd>
      </span>
    </button>
  );
}

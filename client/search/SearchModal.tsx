// The search modal (DocSearch's layout and class names, our own markup): a search box following the
// combobox pattern, the screen for the current state, and keyboard hints. Escape or a click outside
// closes it; Tab stays inside it.
import { memo, useCallback, useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import type { SiteData } from '../../renderer/shared/types.ts';
import { useSite } from '../../templates/context.tsx';
import { useFocusTrap } from '../../templates/navbar/use-focus-trap.ts';
import { MAX_QUERY_LENGTH } from './engine.ts';
import { ArrowDownIcon, ArrowUpIcon, CloseIcon, EnterIcon, MagnifierIcon, SpinnerIcon } from './icons.tsx';
import type { InsightsClient } from './insights.ts';
import { openUrl } from './navigate.ts';
import { ErrorScreen, NoResultsScreen, ResultsScreen, StartScreen } from './modal-screens.tsx';
import { savedSearches } from './storage.ts';
import { useSearchAutocomplete, type Item, type SearchApi, type SearchContext } from './use-search-autocomplete.ts';
import type { AutocompleteCollection } from '@algolia/autocomplete-core';
import type { SavedSearches } from './storage.ts';

export interface SearchModalProps {
  site: SiteData;
  initialQuery: string;
  insightsClient?: InsightsClient;
  onClose: () => void;
  /** Called once the input has focus, with a way to add text typed elsewhere meanwhile. */
  onReady?: (append: (text: string) => void) => void;
}

export function SearchModal({ site, initialQuery, insightsClient, onClose, onReady }: SearchModalProps) {
  const { t } = useSite();
  const saved = useMemo(() => savedSearches(site.search.storageIndexName), [site.search.storageIndexName]);
  const { autocomplete, state } = useSearchAutocomplete({
    site,
    initialQuery: initialQuery.slice(0, MAX_QUERY_LENGTH),
    placeholder: t('theme.SearchModal.searchBox.placeholder'),
    saved,
    insightsClient,
    onClose,
  });
  const inputRef = useRef<HTMLInputElement>(null);
  const modalRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const input = inputRef.current;
    if (input) {
      input.focus();
      // A typed letter opens the modal with it: keep the caret after it.
      input.setSelectionRange(input.value.length, input.value.length);
    }
    autocomplete.refresh();
    onReady?.((text) => {
      const query = `${inputRef.current?.value ?? ''}${text}`.slice(0, MAX_QUERY_LENGTH);
      autocomplete.setQuery(query);
      autocomplete.refresh();
    });
    // Runs once: the modal is remounted for every opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autocomplete]);

  const context = state.context as SearchContext;
  const shown = context.resultsFor;
  const errored = Boolean(shown && context.searchError);
  const onNavigate = useCallback(
    (href: string) => {
      onClose();
      openUrl(href);
    },
    [onClose],
  );

  // Tab stays in the dialog, Escape closes it (focus goes back where it was: see modal-entry).
  const noOpener = useRef<HTMLElement>(null);
  useFocusTrap(modalRef, true, onClose, noOpener);

  const inputProps = autocomplete.getInputProps({ inputElement: inputRef.current, maxLength: MAX_QUERY_LENGTH });
  const stalled = state.status === 'stalled';
  return (
    <div
      className={`DocSearch DocSearch-Container${stalled ? ' DocSearch-Container--Stalled' : ''}${errored ? ' DocSearch-Container--Errored' : ''}`}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="DocSearch-Modal" ref={modalRef} role="dialog" aria-modal="true" aria-label={t('theme.SearchModal.ariaLabel')}>
        <header className="DocSearch-SearchBar">
          <form {...autocomplete.getFormProps({ inputElement: inputRef.current })} className="DocSearch-Form">
            <label {...autocomplete.getLabelProps({})} className="DocSearch-MagnifierLabel">
              <MagnifierIcon />
              <span className="DocSearch-VisuallyHidden">{t('theme.SearchBar.label')}</span>
            </label>
            <div className="DocSearch-LoadingIndicator" aria-hidden="true">
              <SpinnerIcon />
            </div>
            <input
              {...inputProps}
              ref={inputRef}
              className="DocSearch-Input"
              role="combobox"
              aria-haspopup="listbox"
              // Expanded only while a list of options is shown (screens without one have nothing to control).
              aria-expanded={Boolean(inputProps['aria-controls'])}
              aria-controls={inputProps['aria-controls'] || undefined}
              aria-activedescendant={inputProps['aria-controls'] ? inputProps['aria-activedescendant'] : undefined}
            />
            <button type="reset" className="DocSearch-Reset" title={t('theme.SearchModal.searchBox.resetButtonTitle')} aria-label={t('theme.SearchModal.searchBox.resetButtonTitle')} hidden={!state.query}>
              <CloseIcon />
            </button>
          </form>
          <button type="button" className="DocSearch-Cancel" aria-label={t('theme.SearchModal.searchBox.cancelButtonAriaLabel')} onClick={onClose}>
            {t('theme.SearchModal.searchBox.cancelButtonText')}
          </button>
        </header>
        <div className="DocSearch-Dropdown" {...autocomplete.getPanelProps({})} data-results-for={shown}>
          <div className="DocSearch-Dropdown-Container">
            <Screen autocomplete={autocomplete} collections={state.collections} context={context} activeItemId={state.activeItemId} site={site} saved={saved} inputRef={inputRef} onNavigate={onNavigate} />
          </div>
        </div>
        <footer className="DocSearch-Footer">
          <ul className="DocSearch-Commands">
            <Command text={t('theme.SearchModal.footer.selectText')} keys={[[t('theme.SearchModal.footer.selectKeyAriaLabel'), <EnterIcon key="enter" />]]} />
            <Command
              text={t('theme.SearchModal.footer.navigateText')}
              keys={[
                [t('theme.SearchModal.footer.navigateDownKeyAriaLabel'), <ArrowDownIcon key="down" />],
                [t('theme.SearchModal.footer.navigateUpKeyAriaLabel'), <ArrowUpIcon key="up" />],
              ]}
            />
            <Command text={t('theme.SearchModal.footer.closeText')} keys={[[t('theme.SearchModal.footer.closeKeyAriaLabel'), 'esc']]} />
          </ul>
        </footer>
      </div>
    </div>
  );
}

/** A keyboard hint: the keys (named for screen readers) and what they do. */
function Command({ keys, text }: { keys: [label: string, face: ReactNode][]; text: string }) {
  return (
    <li>
      {keys.map(([label, face]) => (
        <kbd key={label} className="DocSearch-Commands-Key">
          <span role="img" aria-label={label}>
            {face}
          </span>
        </kbd>
      ))}
      <span className="DocSearch-Label">{text}</span>
    </li>
  );
}

interface ScreenProps {
  autocomplete: SearchApi;
  collections: AutocompleteCollection<Item>[];
  context: SearchContext;
  /** Only for re-rendering: the lists read the active item from the autocomplete store. */
  activeItemId: number | null;
  site: SiteData;
  saved: SavedSearches;
  inputRef: RefObject<HTMLInputElement | null>;
  onNavigate: (href: string) => void;
}

/**
 * The screen for the answer on show. Memoised: typing a letter re-renders the search box at once, and
 * the list only when the new answer (collections, context) arrives.
 */
const Screen = memo(function Screen({ autocomplete, collections, context, site, saved, inputRef, onNavigate }: ScreenProps) {
  const { t } = useSite();
  const shown = context.resultsFor;
  const hits = collections.filter((c) => c.source.sourceId.startsWith('hits') && c.items.length > 0);
  let screen: ReactNode = null;
  if (shown === '') screen = <StartScreen autocomplete={autocomplete} collections={collections} saved={saved} t={t} />;
  else if (shown && context.searchError) screen = <ErrorScreen t={t} />;
  else if (shown && hits.length === 0) screen = <NoResultsScreen autocomplete={autocomplete} context={context} query={shown} site={site} t={t} inputRef={inputRef} />;
  else if (shown) screen = <ResultsScreen autocomplete={autocomplete} collections={hits} context={context} query={shown} site={site} t={t} onNavigate={onNavigate} />;
  return (
    <>
      {screen}
      <div className="DocSearch-VisuallyHidden" role="status">
        {shown && !context.searchError && hits.length > 0 ? t('theme.SearchModal.resultsStatus', { count: context.nbHits ?? 0 }) : ''}
      </div>
    </>
  );
});

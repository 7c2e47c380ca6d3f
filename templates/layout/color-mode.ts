// Colour-mode choice: light, dark or system (stored as no value). Storage key `theme`, as Docusaurus.
// The <html> element is the single source of truth: `data-theme` holds the effective mode and
// `data-theme-choice` the visitor's choice; the inline head script sets both before first paint.
export type ColorChoice = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'theme';

export function readStoredChoice(): ColorChoice | null {
  try {
    const v = window.localStorage.getItem(THEME_STORAGE_KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null;
  }
}

export function storeChoice(choice: ColorChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage may be disabled (private mode): the choice then lasts for this page only.
  }
}

export function effectiveMode(choice: ColorChoice, defaultMode: 'light' | 'dark'): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  if (typeof window.matchMedia !== 'function') return defaultMode;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyColorMode(choice: ColorChoice, defaultMode: 'light' | 'dark'): void {
  const root = document.documentElement;
  root.dataset.theme = effectiveMode(choice, defaultMode);
  root.dataset.themeChoice = choice;
}

/** The choice currently applied to the page. */
export function appliedChoice(): ColorChoice {
  const c = document.documentElement.dataset.themeChoice;
  return c === 'light' || c === 'dark' ? c : 'system';
}

const listeners = new Set<() => void>();

/** Stores and applies a choice and tells every colour switch on the page. */
export function chooseColorMode(choice: ColorChoice, defaultMode: 'light' | 'dark'): void {
  storeChoice(choice);
  applyColorMode(choice, defaultMode);
  for (const l of listeners) l();
}

/**
 * Keeps the page's mode current while a switch is mounted: follows the system preference live when the
 * visitor chose "system", and picks up a choice made in another tab.
 */
export function watchColorMode(defaultMode: 'light' | 'dark', respectPrefers: boolean, onChange: () => void): () => void {
  listeners.add(onChange);
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const onSystem = () => {
    if (respectPrefers && appliedChoice() === 'system') applyColorMode('system', defaultMode);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    const stored = readStoredChoice();
    applyColorMode(stored ?? (respectPrefers ? 'system' : defaultMode), defaultMode);
    onChange();
  };
  media.addEventListener('change', onSystem);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    media.removeEventListener('change', onSystem);
    window.removeEventListener('storage', onStorage);
  };
}

/** Spec: with the system preference respected the switch cycles light → dark → system; otherwise it toggles. */
export function nextChoice(choice: ColorChoice, current: 'light' | 'dark', respectPrefers: boolean): ColorChoice {
  if (!respectPrefers) return current === 'dark' ? 'light' : 'dark';
  if (choice === 'light') return 'dark';
  if (choice === 'dark') return 'system';
  return 'light';
}

/** The script inlined in <head>: applies the stored choice before first paint (no flash). */
export function colorModeScript(defaultMode: 'light' | 'dark', respectPrefers: boolean): string {
  return `(function(){var d=document.documentElement,m=${JSON.stringify(defaultMode)},c='system';try{var s=localStorage.getItem('theme');if(s==='light'||s==='dark'){m=s;c=s}else if(${respectPrefers}&&matchMedia('(prefers-color-scheme: dark)').matches){m='dark'}else if(${respectPrefers}){m='light'}}catch(e){}d.setAttribute('data-theme',m);d.setAttribute('data-theme-choice',c)})();`;
}

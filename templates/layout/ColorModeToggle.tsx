// The colour-mode switch. The inline head script has already applied the stored choice before first
// paint; the switch reads it from <html> once hydrated (the server snapshot keeps the markup identical),
// and every switch on the page (navbar, mobile menu) shows the same choice.
import { useCallback, useSyncExternalStore } from 'react';
import { useSite } from '../context.tsx';
import { MoonIcon, SunIcon, SystemIcon } from '../icons.tsx';
import { appliedChoice, chooseColorMode, nextChoice, watchColorMode, type ColorChoice } from './color-mode.ts';

export function ColorModeToggle() {
  const { site, t } = useSite();
  const { respectPrefersColorScheme: respect, defaultMode, disableSwitch } = site.colorMode;
  const subscribe = useCallback((onChange: () => void) => watchColorMode(defaultMode, respect, onChange), [defaultMode, respect]);
  const applied = useSyncExternalStore<ColorChoice>(subscribe, appliedChoice, () => 'system');
  // Without the system preference there is no "system" choice: nothing stored means the default mode.
  const choice: ColorChoice = applied === 'system' && !respect ? defaultMode : applied;
  if (disableSwitch) return null;
  const onClick = () => {
    const current = document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
    chooseColorMode(nextChoice(choice, current, respect), defaultMode);
  };
  const label = t('theme.colorToggle.ariaLabel', { mode: t(`theme.colorToggle.ariaLabel.mode.${choice}`) });
  return (
    <button type="button" className="clean-btn color-mode-toggle" onClick={onClick} aria-label={label} title={label} data-choice={choice}>
      {choice === 'light' ? <SunIcon /> : choice === 'dark' ? <MoonIcon /> : <SystemIcon />}
    </button>
  );
}

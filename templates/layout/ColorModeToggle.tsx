// The colour-mode switch. The inline head script has already applied the stored choice before first
// paint; this component reads it after hydration so server and client markup agree.
import { useEffect, useState } from 'react';
import { useSite } from '../context.tsx';
import { MoonIcon, SunIcon, SystemIcon } from '../icons.tsx';
import { applyColorMode, nextChoice, readStoredChoice, storeChoice, type ColorChoice } from './color-mode.ts';

export function ColorModeToggle({ className }: { className?: string }) {
  const { site, t } = useSite();
  const { respectPrefersColorScheme, defaultMode, disableSwitch } = site.colorMode;
  const [choice, setChoice] = useState<ColorChoice>(respectPrefersColorScheme ? 'system' : defaultMode);
  useEffect(() => {
    setChoice(readStoredChoice() ?? (respectPrefersColorScheme ? 'system' : defaultMode));
  }, [respectPrefersColorScheme, defaultMode]);
  useEffect(() => {
    if (choice !== 'system') return undefined;
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => applyColorMode('system', defaultMode);
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [choice, defaultMode]);
  if (disableSwitch) return null;
  const onClick = () => {
    const current = choice === 'system' ? (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light') : choice;
    const next = nextChoice(choice, current, respectPrefersColorScheme);
    storeChoice(next);
    applyColorMode(next, defaultMode);
    setChoice(next);
  };
  const modeLabel = t(`theme.colorToggle.ariaLabel.mode.${choice}`);
  const label = t('theme.colorToggle.ariaLabel', { mode: modeLabel });
  return (
    <button type="button" className={`clean-btn color-mode-toggle ${className ?? ''}`} onClick={onClick} aria-label={label} title={label} aria-live="polite" data-choice={choice}>
      {choice === 'light' ? <SunIcon /> : choice === 'dark' ? <MoonIcon /> : <SystemIcon />}
    </button>
  );
}

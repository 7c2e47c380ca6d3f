// The copy buttons of code blocks. They are part of the page's HTML (written at build time), so one
// listener on the document serves every block of every page.

async function writeClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard API (insecure origin, old browser) or permission refused: the selection fallback.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

export function installCopyButtons(copiedLabel: string): () => void {
  const timers = new WeakMap<HTMLButtonElement, ReturnType<typeof setTimeout>>();
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('.theme-code-block button[data-copy]') : null;
    const code = button?.closest('.theme-code-block')?.querySelector('pre code, pre');
    if (!button || !code) return;
    const label = button.getAttribute('data-label') ?? button.getAttribute('aria-label') ?? '';
    button.setAttribute('data-label', label);
    writeClipboard(code.textContent ?? '').then(() => {
      button.setAttribute('data-copied', '');
      button.setAttribute('aria-label', copiedLabel);
      button.textContent = copiedLabel;
      clearTimeout(timers.get(button));
      timers.set(
        button,
        setTimeout(() => {
          button.removeAttribute('data-copied');
          button.setAttribute('aria-label', label);
          button.textContent = '';
        }, 2000),
      );
    });
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}

// Draws the page's mermaid diagrams (renderer/content/mermaid.ts), as Docusaurus's mermaid theme does:
// mermaid itself is loaded on the first page that has a diagram, never on others, and diagrams are drawn
// again in the other palette when the colour mode changes. This module is its own chunk, imported by
// Root only when the page has a diagram.
import { MERMAID_ENTRY } from '../renderer/shared/mermaid.ts';
import type { MermaidSettings } from '../renderer/shared/types.ts';

interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string; bindFunctions?: (element: Element) => void }>;
}

let mermaid: Promise<Mermaid> | undefined;
let drawing: Promise<void> = Promise.resolve();
let count = 0;

const DEFAULTS: MermaidSettings = { theme: { light: 'default', dark: 'dark' }, options: {} };

async function drawAll(src: string, settings: MermaidSettings): Promise<void> {
  const blocks = [...document.querySelectorAll<HTMLElement>('.theme-mermaid')];
  const theme = document.documentElement.dataset.theme === 'dark' ? settings.theme.dark : settings.theme.light;
  const todo = blocks.filter((el) => el.dataset.drawn !== theme);
  if (!todo.length) return;
  // A failed download is forgotten, so the next page with a diagram (or colour change) tries again.
  const m = await (mermaid ??= import(/* @vite-ignore */ src).then(
    (mod: { default: Mermaid }) => mod.default,
    (err: unknown) => {
      mermaid = undefined;
      throw err;
    },
  ));
  // Labels are escaped and click handlers refused (mermaid's strict level) unless the site's options say otherwise.
  m.initialize({ startOnLoad: false, securityLevel: 'strict', ...settings.options, theme });
  for (const el of todo) {
    // The source comes from the page's HTML the first time; kept aside once the diagram replaces it.
    const source = (el.dataset.source ??= el.querySelector('pre.mermaid-source')?.textContent ?? '');
    const id = `mermaid-svg-${++count}`;
    try {
      const { svg, bindFunctions } = await m.render(id, source);
      el.innerHTML = svg;
      bindFunctions?.(el);
      el.dataset.drawn = theme;
      el.removeAttribute('data-error');
    } catch (err) {
      // The source stays on the page, with mermaid's own explanation under it.
      document.getElementById(`d${id}`)?.remove();
      el.dataset.error = '';
      el.dataset.drawn = theme;
      const message = document.createElement('p');
      message.className = 'mermaid-error';
      message.textContent = err instanceof Error ? err.message : String(err);
      el.querySelector('.mermaid-error')?.remove();
      el.append(message);
    }
  }
}

/** Draws the diagrams of the page on screen and keeps them in the colour mode; returns a stop function. */
export function showDiagrams(baseUrl: string, settings: MermaidSettings = DEFAULTS): () => void {
  const src = baseUrl + MERMAID_ENTRY;
  const draw = () => {
    drawing = drawing.then(() => drawAll(src, settings)).catch(() => undefined);
  };
  draw();
  const observer = new MutationObserver(draw);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  // React may put the page's HTML back (a re-mounted page shows its diagrams' sources again): drawn again.
  const content = new MutationObserver(draw);
  content.observe(document.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    content.disconnect();
  };
}

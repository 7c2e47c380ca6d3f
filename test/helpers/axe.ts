// axe-core in a page (the installed package's script, injected): the serious and critical violations
// inside a part of the page, short enough to read in a failed assertion.
import { join } from 'node:path';
import type { Page } from 'playwright-core';

export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

export async function axeViolations(page: Page, include?: string): Promise<Violation[]> {
  await page.addScriptTag({ path: join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js') });
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, include);
}

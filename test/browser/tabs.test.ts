// Issue 14: MDX tabs in the browser — clicking switches the panel, tab sets sharing a `groupId` follow each
// other, the choice is kept in localStorage as `docusaurus.tab.<groupId>` and restored, `queryString` shows
// it in the URL and a URL with it opens on that tab.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../renderer/build.ts';
import { startHarness, type Harness } from '../helpers/browser.ts';
import { makeSite, minimalContent, page as mdPage } from '../helpers/fixture-site.ts';
import { open } from '../helpers/visitor.ts';

const tabSet = (extra: string, a: string, b: string) =>
  [`<Tabs groupId="os" ${extra}>`, '<TabItem value="linux" label="Linux">', '', a, '', '</TabItem>', '<TabItem value="windows" label="Windows">', '', b, '', '</TabItem>', '</Tabs>'].join('\n');

const body = [
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  '',
  '## Installing',
  '',
  tabSet('queryString', 'Use the package manager.', 'Run the installer.'),
  '',
  '## Updating',
  '',
  tabSet('', 'Upgrade the package.', 'Download the new installer.'),
].join('\n');

const lazyBody = [
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  '',
  '<div class="install-note">HTML written in MDX, with its class.</div>',
  '',
  '<Tabs lazy>',
  '<TabItem value="apt" label="apt">',
  '',
  'Install with **apt**.',
  '',
  '</TabItem>',
  '<TabItem value="dnf" label="dnf">',
  '',
  'Install with **dnf**.',
  '',
  '```bash',
  'dnf install agent',
  '```',
  '',
  '</TabItem>',
  '</Tabs>',
].join('\n');

let h: Harness;

beforeAll(async () => {
  const root = makeSite({ ...minimalContent, 'content/en/compute/agent.mdx': mdPage('The agent', body), 'content/en/compute/lazy.mdx': mdPage('Lazy tabs', lazyBody) });
  const outDir = join(root, 'build');
  await build({ root, outDir });
  h = await startHarness(outDir);
});

afterAll(async () => {
  await h?.close();
});

const panelText = (page: Page, n: number) => page.locator('.tabs-container').nth(n).locator('[role=tabpanel]:not([hidden])').textContent();

describe('MDX tabs', () => {
  it('a click switches the panel, syncs the group, is stored and shows in the URL; a reload keeps it', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'docs/compute/agent');
    expect(await panelText(page, 0)).toContain('package manager');
    await page.locator('.tabs-container').first().getByRole('tab', { name: 'Windows' }).click();
    await expect.poll(() => panelText(page, 0)).toContain('Run the installer.');
    await expect.poll(() => panelText(page, 1)).toContain('Download the new installer.');
    expect(await page.locator('.tabs-container').nth(1).getByRole('tab', { name: 'Windows' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.os'))).toBe('windows');
    expect(new URL(page.url()).searchParams.get('os')).toBe('windows');
    await page.goto(`${h.origin}/aws-cheatsheet/docs/compute/agent`);
    await expect.poll(() => panelText(page, 1)).toContain('Download the new installer.');
    expect(problems).toEqual([]);
  });

  it('a URL with the queryString opens on that tab', async () => {
    const { page, problems } = await h.newPage();
    await page.goto(`${h.origin}/aws-cheatsheet/docs/compute/agent?os=windows`);
    await expect.poll(() => panelText(page, 0)).toContain('Run the installer.');
    await expect.poll(() => panelText(page, 1)).toContain('Download the new installer.');
    expect(problems).toEqual([]);
  });

  it('a lazy tab set has only the selected tab in the document; another mounts when selected', async () => {
    const { page, problems } = await h.newPage();
    await open(page, h.origin, 'docs/compute/lazy');
    const tabs = page.locator('.tabs-container');
    const inDocument = () => tabs.evaluate((el) => [...el.querySelectorAll('[role=tabpanel]')].map((p) => p.textContent?.trim() ?? ''));
    expect(await inDocument()).toEqual(['Install with apt.', '']);
    expect(await page.locator('pre code').count()).toBe(0);
    // `class` in MDX became className: the element has it, and React said nothing (problems below).
    expect(await page.locator('div.install-note').textContent()).toBe('HTML written in MDX, with its class.');
    await tabs.getByRole('tab', { name: 'dnf' }).click();
    await expect.poll(() => page.locator('[role=tabpanel]:not([hidden])').textContent()).toContain('Install with dnf.');
    expect((await inDocument())[0]).toBe('');
    expect(await page.locator('pre code').textContent()).toContain('dnf install agent');
    await tabs.getByRole('tab', { name: 'apt' }).click();
    await expect.poll(inDocument).toEqual(['Install with apt.', '']);
    expect(problems).toEqual([]);
  });
});

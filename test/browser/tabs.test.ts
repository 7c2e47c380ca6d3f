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

let h: Harness;

beforeAll(async () => {
  const root = makeSite({ ...minimalContent, 'content/en/compute/agent.mdx': mdPage('The agent', body) });
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
});

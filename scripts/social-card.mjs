// Renders the site's default social card, static/img/social-card.png (1200×630, the size Open Graph and
// Twitter's large card show without cropping), from scripts/social-card.svg with Debian's Chromium.
// Run by hand after editing the SVG: `node scripts/social-card.mjs`; the PNG is committed, so builds need
// no browser. The SVG names fonts Debian ships (fonts-liberation, fonts-dejavu).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const svg = readFileSync(fileURLToPath(new URL('social-card.svg', import.meta.url)), 'utf8');
const out = fileURLToPath(new URL('../static/img/social-card.png', import.meta.url));
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(`<!DOCTYPE html><html><body style="margin:0">${svg}</body></html>`);
  await page.evaluate(() => document.fonts.ready);
  await page.locator('svg').screenshot({ path: out, type: 'png' });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}

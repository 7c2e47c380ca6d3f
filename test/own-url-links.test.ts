// Absolute links to the site's own address (config `url` + `baseUrl`): Docusaurus treats them as external and
// never checks them, so a site moving over builds even when one is wrong. We still look: a link that leads
// nowhere is a warning naming file, line, the link and the path it resolves to — in build, check and serve
// alike — and a good one is served as written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DevSite } from '../renderer/serve/dev-site.ts';
import { makeSite, minimalContent, page, runCli } from './helpers/fixture-site.ts';

const OK = 'https://example.github.io/aws-cheatsheet/docs/start#first-section';
const GONE = 'https://example.github.io/aws-cheatsheet/docs/nowhere';
const BAD_ANCHOR = 'https://example.github.io/aws-cheatsheet/docs/start#no-such-part';
// Front matter is 3 lines and a blank: the body starts on line 5.
const body = `## What it is\n\n[ok](${OK}) and\n[gone](${GONE}) and\n[bad anchor](${BAD_ANCHOR}).`;
const site = () => makeSite({ ...minimalContent, 'content/en/compute/ec2.md': page('Amazon EC2', body) });
const GONE_WARNING = `content/en/compute/ec2.md:8: Link to this site's own address ${GONE} leads nowhere: it resolves to /aws-cheatsheet/docs/nowhere (no such page).`;
const ANCHOR_WARNING = `content/en/compute/ec2.md:9: Link to this site's own address ${BAD_ANCHOR} leads nowhere: it resolves to /aws-cheatsheet/docs/start#no-such-part (no heading or element with id "no-such-part" on /aws-cheatsheet/docs/start).`;

describe("absolute links to the site's own address", () => {
  it('build: warnings with file, line and what they resolve to; the links are kept as written', () => {
    const root = site();
    const b = runCli(['build', '--root', root]);
    expect(b.status, b.stderr).toBe(0);
    expect(b.stderr).toContain(GONE_WARNING);
    expect(b.stderr).toContain(ANCHOR_WARNING);
    expect(b.stderr).not.toContain(`address ${OK}`);
    const html = readFileSync(join(root, 'build', 'docs', 'compute', 'ec2.html'), 'utf8');
    // As Docusaurus writes any absolute link.
    expect(html).toContain(`<a href="${OK}" target="_blank" rel="noopener noreferrer">ok</a>`);
  });

  it('check: listed as warnings, not failures', () => {
    const c = runCli(['check', '--root', site()]);
    expect(c.stdout).toContain(GONE_WARNING);
    expect(c.stdout).toContain(ANCHOR_WARNING);
    expect(c.stdout).not.toMatch(/✗.*nowhere/);
    expect(c.status, c.stdout).toBe(0);
  });

  it('serve: the same warnings, and no problem shown over the page', async () => {
    const dev = new DevSite({ root: site(), watch: false });
    const warnings: string[] = [];
    dev.on('warning', (w) => warnings.push(w));
    await dev.start();
    await dev.idle();
    await dev.close();
    expect(dev.problems).toEqual([]);
    expect(warnings.some((w) => w.startsWith(GONE_WARNING))).toBe(true);
    expect(warnings.some((w) => w.startsWith(ANCHOR_WARNING))).toBe(true);
  });
});

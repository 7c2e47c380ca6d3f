// Markdown that was dropped silently or crashed the build (issue 12, item 5): `build` and `check` treat it
// alike — the page keeps its content, or both fail naming the file and line, exit 1, no stack trace.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSite, minimalContent, page, runCli, type CliResult } from './helpers/fixture-site.ts';

const build = (root: string) => runCli(['build', '--root', root]);
const check = (root: string) => runCli(['check', '--root', root]);
const noStack = (r: CliResult) => expect(r.stderr + r.stdout).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
const ec2 = (root: string) => readFileSync(join(root, 'build', 'docs', 'compute', 'ec2.html'), 'utf8');

describe('build and check on Markdown that used to lose content or crash', () => {
  it('an unclosed <!-- fails both, naming the file and line', () => {
    // Front matter is 3 lines and a blank: the comment sits on line 7 of the file.
    const root = makeSite({ ...minimalContent, 'content/en/compute/ec2.md': page('Amazon EC2', '## What it is\n\n<!-- draft\n\nSee [start](../start.md).') });
    const b = build(root);
    expect(b.status, b.stderr).toBe(1);
    expect(b.stderr).toContain('content/en/compute/ec2.md:7');
    expect(b.stderr).toContain('"<!--" is never closed with "-->"');
    noStack(b);
    const c = check(root);
    expect(c.status, c.stdout + c.stderr).toBe(1);
    expect(c.stdout + c.stderr).toMatch(/content\/en\/compute\/ec2\.md:7.*"<!--" is never closed/);
    noStack(c);
  });

  it('fences and admonitions named like Object.prototype build, with warnings', () => {
    const body = '## What it is\n\n```constructor\nnew Thing()\n```\n\n```__proto__\nx\n```\n\n:::constructor\nInside.\n:::\n';
    const root = makeSite({ ...minimalContent, 'content/en/compute/ec2.md': page('Amazon EC2', body) });
    const b = build(root);
    expect(b.status, b.stderr).toBe(0);
    expect(b.stdout + b.stderr).toContain('unknown code-block language "constructor"');
    const html = ec2(root);
    expect(html).toContain('new Thing()');
    expect(html).not.toContain('native code');
    expect(html).toContain('theme-admonition-note');
    const c = check(root);
    expect(c.status, c.stdout + c.stderr).toBe(0);
    noStack(c);
  });

  it('a list nested 50 levels deep keeps the page after it, whose links are checked', () => {
    const list = Array.from({ length: 50 }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');
    const root = makeSite({ ...minimalContent, 'content/en/compute/ec2.md': page('Amazon EC2', `## What it is\n\n${list}\n\nAfter the list: [gone](./gone.md).`) });
    const b = build(root);
    expect(b.status).toBe(1);
    expect(b.stderr).toMatch(/content\/en\/compute\/ec2\.md:58.*\/aws-cheatsheet\/docs\/compute\/gone/s);
    const c = check(root);
    expect(c.status).toBe(1);
    expect(c.stdout).toMatch(/content\/en\/compute\/ec2\.md:58: Broken link to \/aws-cheatsheet\/docs\/compute\/gone/);
  });

  it('ids written in a page do not clash with the theme, and links to them still land', () => {
    const body = '## What it is\n\n<div id="__main">Mine.</div>\n\n<span id="spot">here</span>\n\nGo [there](#spot).';
    const root = makeSite({ ...minimalContent, 'content/en/compute/ec2.md': page('Amazon EC2', body) });
    const b = build(root);
    expect(b.status, b.stderr).toBe(0);
    const html = ec2(root);
    expect(html.match(/id="__main"/g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(html).toContain('<div id="user-content-__main">Mine.</div>');
    expect(html).toContain('<a href="#user-content-spot">there</a>');
    // From another page, the checker names the id to link to.
    const other = makeSite({ ...minimalContent, 'content/en/compute/ec2.md': page('Amazon EC2', body), 'content/en/start.md': page('Start', '## First section\n\nSee [the spot](./compute/ec2.md#spot).', 'sidebar_position: 1\n') });
    const c = check(other);
    expect(c.status).toBe(1);
    expect(c.stdout).toContain('content/en/start.md:8: Broken anchor to /aws-cheatsheet/docs/compute/ec2#spot');
    expect(c.stdout).toContain('ids written in HTML are prefixed: link to #user-content-spot');
  });
});

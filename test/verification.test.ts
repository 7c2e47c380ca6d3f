// Sources and verification dates: `check` reports pages without a sources section or due for another
// check (a warning, an error under --strict), and built pages show when their facts were verified.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSite, minimalContent, page, runCli } from './helpers/fixture-site.ts';

const links = ['https://docs.aws.amazon.com/ec2/latest/userguide/concepts.html', 'https://aws.amazon.com/ec2/pricing/', 'https://aws.amazon.com/ec2/faqs/'];
const list = (ls: string[]) => ls.map((l, i) => `- [Source ${i + 1}](${l})`).join('\n');
const checkConfig = { check: { sources: { heading: { 'pt-BR': 'Fontes', en: 'Sources' }, min: 3, except: ['start'] } } };

function site(ptVerified: string, enBody = `## What it is\n\nVirtual machines.\n\n## Sources\n\n${list(links)}`) {
  return makeSite(
    {
      ...minimalContent,
      'content/pt-BR/compute/ec2.md': page('Amazon EC2', `## O que é\n\nMáquinas virtuais.\n\n## Fontes\n\n${list(links)}`, `last_verified: ${ptVerified}\n`),
      'content/en/compute/ec2.md': page('Amazon EC2', enBody, 'last_verified: 2026-11-01\n'),
    },
    { config: checkConfig },
  );
}

describe('sources and last_verified', () => {
  it('check passes pages that cite their sources and were verified recently', () => {
    const r = runCli(['check', '--root', site('2026-11-01')]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('Sources and verification (2 pages; verified within 12 months)');
    expect(r.stdout).toContain('every page cites its sources and was verified recently');
  });

  it('check warns about a stale date and a missing sources section, and fails on them under --strict', () => {
    const root = site('2024-01-15', `## What it is\n\nVirtual machines.\n\n## Sources\n\n- [Only](${links[0]})`);
    const r = runCli(['check', '--root', root]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/! content\/pt-BR\/compute\/ec2\.md:3: last verified 2024-01-15, more than 12 months ago/);
    expect(r.stdout).toContain('! content/en/compute/ec2.md:10: "## Sources" links 1 source; cite at least 3');
    expect(r.stdout).toContain('2 source or verification problems (fails only with --strict)');
    const strict = runCli(['check', '--root', root, '--strict']);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain('✗ check failed');
    const json = JSON.parse(runCli(['check', '--root', root, '--format', 'json']).stdout) as { verification: { problems: { kind: string; file: string }[] } };
    expect(json.verification.problems.map((p) => [p.kind, p.file])).toEqual([
      ['stale', 'content/pt-BR/compute/ec2.md'],
      ['unsourced', 'content/en/compute/ec2.md'],
    ]);
  });

  it('--max-age changes the allowed age, and a bad value is a clear error', () => {
    const root = site('2026-01-10');
    expect(runCli(['check', '--root', root]).stdout).toContain('every page cites its sources');
    const r = runCli(['check', '--root', root, '--max-age', '6']);
    expect(r.stdout).toContain('last verified 2026-01-10, more than 6 months ago');
    const bad = runCli(['check', '--root', root, '--max-age', 'soon']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--max-age must be a whole number of months');
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });

  it('a built page shows the verification day in its own language, right after the content', () => {
    const root = site('2026-11-01');
    const r = runCli(['build', '--root', root]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const pt = readFileSync(join(root, 'build', 'pt-BR', 'docs', 'compute', 'ec2.html'), 'utf8');
    const en = readFileSync(join(root, 'build', 'docs', 'compute', 'ec2.html'), 'utf8');
    // (React writes the attribute as dateTime; HTML attribute names are case-insensitive.)
    expect(pt).toContain('<p class="doc-last-verified"><time dateTime="2026-11-01">Fatos verificados nas fontes em 1 de novembro de 2026</time></p></article>');
    expect(en).toContain('<time dateTime="2026-11-01">Facts verified against the sources on November 1, 2026</time>');
    // Pages without the date show nothing.
    expect(readFileSync(join(root, 'build', 'docs', 'start.html'), 'utf8')).not.toContain('doc-last-verified');
  });
});

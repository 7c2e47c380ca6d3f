// `cheatsheet check` on small fixture sites: a clean one passes; a missing translation, a stale one (by
// source_hash and by git history), an outline that does not follow the source and a broken link are each
// reported with the file, in text and JSON, with the documented exit codes.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processDoc } from '../renderer/content/process-doc.ts';
import { makeSite, minimalContent, page, runCli } from './helpers/fixture-site.ts';

interface JsonReport {
  ok: boolean;
  strict: boolean;
  warnings: string[];
  errors: { kind: string; message: string; file?: string; line?: number; column?: number; page?: string; target?: string; details: string[] }[];
  translations: {
    sourceLocale: string;
    missing: { locale: string; file: string; source: string }[];
    stale: { file: string; source: string; reason: string }[];
    outline: { file: string; source: string; expected: string[]; actual: string[] }[];
  };
}

const check = (root: string, ...args: string[]) => runCli(['check', '--root', root, ...args]);
const json = (root: string, ...args: string[]) => {
  const r = check(root, '--format', 'json', ...args);
  return { status: r.status, report: JSON.parse(r.stdout) as JsonReport, stderr: r.stderr };
};

async function bodyHashOf(root: string, rel: string): Promise<string> {
  const [, locale, ...rest] = rel.split('/');
  const relPath = rest.join('/');
  const job = { locale: locale!, relPath, file: rel, absPath: join(root, rel), localeBase: '/aws-cheatsheet/', docsBase: '/aws-cheatsheet/docs', codeThemes: { light: 'github-light', dark: 'github-dark' }, strings: { admonitions: {}, copyCode: 'Copy', footnoteLabel: 'Footnotes', footnoteBackLabel: 'Back' } };
  const out = await processDoc(job);
  if (!out.ok) throw new Error(out.error.message);
  return out.doc.bodyHash;
}

function git(root: string, args: string[], date?: string) {
  const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) };
  const r = spawnSync('git', args, { cwd: root, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
}

describe('cheatsheet check', () => {
  it('passes a site whose translations are complete and follow the source', () => {
    const root = makeSite(minimalContent);
    const r = check(root);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('Build checks');
    expect(r.stdout).toContain('Missing pages: ✓ none');
    expect(r.stdout).toContain('Outline mismatches: ✓ none');
    expect(r.stdout).toContain('✓ check passed');
    expect(r.stdout).toContain('could not be dated');
    const { report } = json(root);
    expect(report.ok).toBe(true);
    expect(report.translations.sourceLocale).toBe('pt-BR');
  });

  it('reports a page missing in a locale, naming the file to create and its source', () => {
    const root = makeSite(minimalContent);
    rmSync(join(root, 'content/en/compute/ec2.md'));
    writeFileSync(join(root, 'content/en/start.md'), page('Start', '## First section\n\nText in English.', 'sidebar_position: 1\n'));
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('✗ content/en/compute/ec2.md — translate content/pt-BR/compute/ec2.md');
    expect(r.stdout).toMatch(/check failed: .*1 missing translation/);
    const { status, report } = json(root);
    expect(status).toBe(1);
    expect(report.translations.missing).toEqual([{ locale: 'en', file: 'content/en/compute/ec2.md', source: 'content/pt-BR/compute/ec2.md' }]);
  });

  it('reports a translation made from an older source (source_hash); --strict makes it fail', async () => {
    const root = makeSite(minimalContent);
    const current = await bodyHashOf(root, 'content/pt-BR/compute/ec2.md');
    writeFileSync(join(root, 'content/en/start.md'), page('Start', '## First section\n\nText in English.', `sidebar_position: 1\nsource_hash: ${await bodyHashOf(root, 'content/pt-BR/start.md')}\n`));
    writeFileSync(join(root, 'content/en/compute/ec2.md'), page('Amazon EC2', '## What it is\n\nVirtual machines. See [start](../start.md#first-section).', 'source_hash: 0123456789abcdef\n'));
    const r = check(root);
    expect(r.status, r.stdout).toBe(0);
    expect(r.stdout).toContain(`! content/en/compute/ec2.md — content/pt-BR/compute/ec2.md changed after it: source_hash 0123456789abcdef does not match the source's current hash ${current}`);
    expect(r.stdout).toContain('1 stale translation (fails only with --strict)');
    expect(r.stdout).not.toContain('content/en/start.md —');
    const strict = json(root, '--strict');
    expect(strict.status).toBe(1);
    expect(strict.report.ok).toBe(false);
    expect(strict.report.strict).toBe(true);
    expect(strict.report.translations.stale.map((s) => s.file)).toEqual(['content/en/compute/ec2.md']);
  });

  it('dates translations from git history when they have no source_hash', () => {
    const root = makeSite(minimalContent);
    git(root, ['init', '-q']);
    git(root, ['add', '.']);
    git(root, ['commit', '-q', '-m', 'first'], '2025-01-01T10:00:00Z');
    writeFileSync(join(root, 'content/pt-BR/compute/ec2.md'), page('Amazon EC2', '## O que é\n\nMáquinas virtuais, agora com mais texto. Veja [início](../start.md#primeira-seção).'));
    git(root, ['commit', '-q', '-am', 'source changed'], '2025-02-01T10:00:00Z');
    const { status, report } = json(root);
    expect(status).toBe(0);
    expect(report.translations.stale).toEqual([{ file: 'content/en/compute/ec2.md', source: 'content/pt-BR/compute/ec2.md', reason: 'the source changed 2025-02-01 10:00, the translation last 2025-01-01 10:00 (git)' }]);
    expect(json(root, '--strict').status).toBe(1);
    // Updating the translation (even before committing it) makes it current again.
    writeFileSync(join(root, 'content/en/compute/ec2.md'), page('Amazon EC2', '## What it is\n\nVirtual machines, now with more text. See [start](../start.md#first-section).'));
    expect(json(root, '--strict').report.translations.stale).toEqual([]);
  });

  it('reports an outline that does not follow the source page', () => {
    const root = makeSite({
      ...minimalContent,
      'content/pt-BR/compute/ec2.md': page('Amazon EC2', '## O que é\n\nTexto.\n\n## Casos de uso\n\nMais texto.\n\n## Notas da equipe\n\nLivre.'),
      'content/en/compute/ec2.md': page('Amazon EC2', '## Use cases\n\nText.\n\n## What it is\n\nMore text.\n\n## Team notes\n\nFree.'),
    });
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('✗ content/en/compute/ec2.md — its h2 headings do not follow content/pt-BR/compute/ec2.md');
    expect(r.stdout).toContain('expected: What it is → Use cases → (translation of "Notas da equipe")');
    expect(r.stdout).toContain('found:    Use cases → What it is → Team notes');
    const { report } = json(root);
    expect(report.translations.outline).toHaveLength(1);
    expect(report.translations.outline[0]!.actual).toEqual(['Use cases', 'What it is', 'Team notes']);
  });

  it('never reports a heading worded differently, only sections missing, moved or at another level', () => {
    const source = page('Amazon EC2', '## O que é\n\nTexto.\n\n## Casos de uso\n\nMais.\n\n### Detalhe\n\nFim.');
    const reworded = makeSite({ ...minimalContent, 'content/pt-BR/compute/ec2.md': source, 'content/en/compute/ec2.md': page('Amazon EC2', '## What is it?\n\nText.\n\n## Use Cases!\n\nMore.\n\n### A detail\n\nEnd.') });
    expect(json(reworded).report.translations.outline).toEqual([]);
    const levels = makeSite({ ...minimalContent, 'content/pt-BR/compute/ec2.md': source, 'content/en/compute/ec2.md': page('Amazon EC2', '## What it is\n\nText.\n\n## Use cases\n\nMore.\n\n## A detail\n\nEnd.') });
    expect(json(levels).report.translations.outline.map((o) => o.file)).toEqual(['content/en/compute/ec2.md']);
  });

  it('builds a page missing in a locale from the source page, and still lists it as missing', () => {
    const root = makeSite({ ...minimalContent, 'content/pt-BR/compute/s3.md': page('Amazon S3', '## O que é\n\nArmazenamento de objetos.') });
    const { status, report } = json(root);
    expect(status).toBe(1);
    expect(report.translations.missing).toEqual([{ locale: 'en', file: 'content/en/compute/s3.md', source: 'content/pt-BR/compute/s3.md' }]);
    const built = runCli(['build', '--root', root]);
    expect(built.status, built.stderr).toBe(0);
    const html = readFileSync(join(root, 'build/docs/compute/s3.html'), 'utf8');
    expect(html).toContain('Armazenamento de objetos.');
    expect(html).toContain('This page has not been translated into English yet');
  });

  it('reports broken links with their file and line, and still checks the translations', () => {
    const root = makeSite({
      ...minimalContent,
      'content/en/compute/ec2.md': page('Amazon EC2', '## What it is\n\nVirtual machines.\n\nSee [nothing](../nowhere.md) and [start](../start.md#no-such-anchor).'),
    });
    rmSync(join(root, 'content/pt-BR/start.md'));
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('✗ content/en/compute/ec2.md:9: Broken link to /aws-cheatsheet/docs/nowhere (no such page)');
    expect(r.stdout).toContain('✗ content/en/compute/ec2.md:9: Broken anchor to /aws-cheatsheet/docs/start#no-such-anchor');
    expect(r.stdout).toContain('✗ content/pt-BR/start.md — translate content/en/start.md');
    const { report } = json(root);
    // Problems are data: where, on which page, what kind, pointing at what.
    const ec2 = '/aws-cheatsheet/docs/compute/ec2';
    expect(report.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'link', file: 'content/en/compute/ec2.md', line: 9, page: ec2, target: '/aws-cheatsheet/docs/nowhere' }),
        expect.objectContaining({ kind: 'anchor', file: 'content/en/compute/ec2.md', line: 9, page: ec2, target: '/aws-cheatsheet/docs/start#no-such-anchor' }),
      ]),
    );
    expect(report.translations.missing.map((m) => m.file)).toContain('content/pt-BR/start.md');
  });

  it('fails on broken links even when the site only warns about them', () => {
    const root = makeSite({ ...minimalContent, 'content/en/start.md': page('Start', '## First section\n\n[gone](./gone.md)', 'sidebar_position: 1\n') }, { config: { onBrokenLinks: 'warn' } });
    expect(runCli(['build', '--root', root]).status).toBe(0);
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('Broken link to /aws-cheatsheet/docs/gone');
  });

  it('reports bad front matter like build does, and rejects an unknown --format', () => {
    const root = makeSite({ ...minimalContent, 'content/en/compute/ec2.md': '---\ntitle: EC2\nsidebar_position: first\n---\n\n## What it is\n' });
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('content/en/compute/ec2.md:3: Invalid front-matter field "sidebar_position"');
    expect(r.stdout).toContain('Translations (source locale: pt-BR)');
    // An unknown key warns, and fails under --strict.
    const typo = makeSite({ ...minimalContent, 'content/en/compute/ec2.md': '---\ntitle: EC2\nslugg: typo\n---\n\n## What it is\n\nVirtual machines. See [start](../start.md#first-section).\n' });
    const lenient = json(typo);
    expect(lenient.status).toBe(0);
    expect(lenient.report.warnings).toContain('content/en/compute/ec2.md:3: unknown front-matter key "slugg", ignored (did you mean slug?)');
    const strict = check(typo, '--strict');
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain('content/en/compute/ec2.md:3: unknown front-matter key "slugg", ignored (did you mean slug?) (an error under --strict)');
    const bad = check(root, '--format', 'yaml');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Unknown format "yaml"');
  });

  it('reports a broken link in the theme as data: the component and page, no source file', () => {
    const root = makeSite(minimalContent, { config: { themeConfig: { footer: { links: [{ title: 'Docs', items: [{ label: 'Gone', to: 'docs/gone' }] }] } } } });
    const { status, report } = json(root);
    expect(status).toBe(1);
    const footer = report.errors.filter((e) => e.kind === 'link' && e.target === '/aws-cheatsheet/docs/gone');
    // The footer is on every page of the locale: one problem per page, each naming it.
    expect(footer.map((e) => e.page)).toEqual(expect.arrayContaining(['/aws-cheatsheet/', '/aws-cheatsheet/docs/start', '/aws-cheatsheet/404']));
    expect(footer.every((e) => e.file === undefined && e.details[0]!.startsWith('in the Footer of '))).toBe(true);
    expect(check(root).stdout).toContain('  ✗ Broken link to /aws-cheatsheet/docs/gone (no such page).\n    in the Footer of /aws-cheatsheet/\n');
  });
});

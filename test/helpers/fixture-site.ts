// Small scenario sites written into temporary folders, built by the real pipeline or the real CLI.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const REPO = process.cwd();

export interface SiteOptions {
  /** Replaces the default config source entirely. */
  configSource?: string;
  /** Deep-merged into the default config object. */
  config?: Record<string, unknown>;
}

export const baseConfig = {
  title: 'Fixture',
  tagline: 'A fixture site',
  favicon: 'img/favicon.svg',
  url: 'https://example.github.io',
  baseUrl: '/aws-cheatsheet/',
  // As the real site: x.html files and links without a slash (unset would mean x/index.html, as in Docusaurus).
  trailingSlash: false,
  repoUrl: 'https://github.com/example/aws-cheatsheet',
  ebook: { title: 'E-book', href: 'https://example.com/book.pdf' },
  i18n: {
    defaultLocale: 'en',
    sourceLocale: 'pt-BR',
    locales: ['pt-BR', 'en'],
    localeConfigs: {
      'pt-BR': { label: 'Português', htmlLang: 'pt-BR', path: 'pt-BR' },
      en: { label: 'English', htmlLang: 'en', path: 'en' },
    },
  },
  themeConfig: {
    navbar: { items: [{ type: 'docSidebar', sidebarId: 'tutorialSidebar', label: 'Docs' }, { type: 'localeDropdown', position: 'right' }] },
    footer: { copyright: 'Copyright', links: [{ title: 'Docs', items: [{ label: 'Start', to: 'docs/start' }] }] },
  },
};

function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && prev && typeof prev === 'object' && !Array.isArray(prev) ? merge(prev as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return out;
}

/** A page with valid front matter and the given body. */
export function page(title: string, body = 'Some text.', extra = ''): string {
  return `---\ntitle: ${title}\n${extra}---\n\n${body}\n`;
}

export const minimalContent: Record<string, string> = {
  'content/pt-BR/start.md': page('Início', '## Primeira seção\n\nTexto em português.', 'sidebar_position: 1\n'),
  'content/en/start.md': page('Start', '## First section\n\nText in English.', 'sidebar_position: 1\n'),
  'content/pt-BR/compute/_category_.json': JSON.stringify({ label: 'Computação', position: 2 }),
  'content/en/compute/_category_.json': JSON.stringify({ label: 'Compute', position: 2 }),
  'content/pt-BR/compute/ec2.md': page('Amazon EC2', '## O que é\n\nMáquinas virtuais. Veja [início](../start.md#primeira-seção).'),
  'content/en/compute/ec2.md': page('Amazon EC2', '## What it is\n\nVirtual machines. See [start](../start.md#first-section).'),
};

export function makeSite(files: Record<string, string | Buffer>, options: SiteOptions = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'cheatsheet-fixture-'));
  const config = options.configSource ?? `export default ${JSON.stringify(merge(baseConfig, options.config ?? {}), null, 2)};\n`;
  writeFileSync(join(root, 'site.config.ts'), config);
  for (const [rel, content] of Object.entries(files)) {
    const file = join(root, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return root;
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the compiled CLI (npm test compiles it first). */
export function runCli(args: string[], cwd = REPO, env: Record<string, string> = {}): CliResult {
  const r = spawnSync(process.execPath, [join(REPO, 'bin', 'cheatsheet.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

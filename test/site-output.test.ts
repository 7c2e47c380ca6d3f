// The real site's build output: every route of spec section 2 in all three locales, laid out as DESIGN.md
// says, with the head every page must carry.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { runCli } from './helpers/fixture-site.ts';
import { payloadOf } from './helpers/payload.ts';

const out = inject('siteBuild');
const read = (rel: string) => readFileSync(join(out, rel), 'utf8');
const LOCALES = [
  { prefix: 'pt-BR/', lang: 'pt-BR' },
  { prefix: '', lang: 'en' },
  { prefix: 'es/', lang: 'es' },
];

describe('real site output', () => {
  it('has every route of spec section 2 in every locale', () => {
    for (const { prefix } of LOCALES) {
      for (const rel of ['index.html', 'search.html', 'docs.html', 'docs/intro.html', 'docs/test.html', 'docs/getting-started.html', 'docs/getting-started/contributing.html', 'docs/compute/ec2.html', 'docs/security/aws-iam-identity-center.html', '404.html']) {
        expect(existsSync(join(out, prefix + rel)), prefix + rel).toBe(true);
      }
    }
    expect(existsSync(join(out, 'sitemap.xml'))).toBe(true);
  });

  it('gives each page its language, title, description, canonical, alternates and Open Graph tags', () => {
    for (const { prefix, lang } of LOCALES) {
      const html = read(`${prefix}docs/compute/ec2.html`);
      expect(html).toMatch(new RegExp(`<html lang="${lang}" dir="ltr"`));
      expect(html).toMatch(/<title>Amazon EC2 \| AWS Cheat Sheet<\/title>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
      expect(html).toContain(`<link rel="canonical" href="https://example.github.io/aws-cheatsheet/${prefix}docs/compute/ec2">`);
      for (const [hreflang, p] of [['pt-BR', 'pt-BR/'], ['en', ''], ['es', 'es/'], ['x-default', '']]) {
        expect(html).toContain(`<link rel="alternate" hreflang="${hreflang}" href="https://example.github.io/aws-cheatsheet/${p}docs/compute/ec2">`);
      }
      expect(html).toContain('<meta property="og:title" content="Amazon EC2 | AWS Cheat Sheet">');
      expect(html).toContain('<meta property="og:type" content="article">');
    }
  });

  it('renders the layout parts with their theme class names', () => {
    const html = read('pt-BR/docs/compute/ec2.html');
    for (const cls of ['skip-to-content', 'theme-announcement-bar', 'theme-layout-navbar', 'theme-layout-main', 'theme-doc-sidebar-container', 'theme-doc-sidebar-menu', 'theme-doc-breadcrumbs', 'theme-doc-toc-desktop', 'theme-doc-toc-mobile', 'theme-doc-markdown', 'theme-layout-footer', 'DocSearch-Button']) {
      expect(html, cls).toContain(cls);
    }
    expect(html.indexOf('skip-to-content')).toBeLessThan(html.indexOf('theme-announcement-bar'));
    expect(html).toContain('aria-current="page"');
    // The footer's date, in the locale's own format.
    expect(html).toContain('25/06/2025');
    expect(read('docs/compute/ec2.html')).toContain('06/25/2025');
  });

  it('renders pages without a sidebar entry without the sidebar', () => {
    expect(read('docs/networking/vpc.html')).not.toContain('theme-doc-sidebar-container');
    expect(read('docs/intro.html')).not.toContain('theme-doc-sidebar-container');
    expect(read('docs/networking/aws-global-accelerator.html')).toContain('theme-doc-sidebar-container');
  });

  it('links the docs sidebar navbar item to the getting-started page', () => {
    const html = read('pt-BR/index.html');
    expect(html).toMatch(/<a href="\/aws-cheatsheet\/pt-BR\/docs\/getting-started" class="navbar__item navbar__link[^"]*">Guia rápido/);
  });

  it('lists indexable pages in the sitemap with their alternates, not the search or 404 pages', () => {
    const sitemap = read('sitemap.xml');
    expect(sitemap).toContain('<loc>https://example.github.io/aws-cheatsheet/pt-BR/docs/compute/ec2</loc>');
    expect(sitemap).toContain('hreflang="es" href="https://example.github.io/aws-cheatsheet/es/docs/compute/ec2"');
    expect(sitemap).not.toContain('/search<');
    expect(sitemap).not.toContain('/404<');
    expect(sitemap.match(/<url>/g)!.length).toBe(3 * (148 + 2));
  });

  it('keeps each locale\'s site data in one cached file instead of every page', () => {
    const html = read('pt-BR/docs/compute/ec2.html');
    const siteUrl = /"siteUrl":"([^"]+)"/.exec(html)![1]!;
    expect(siteUrl).toMatch(/^\/aws-cheatsheet\/assets\/site\/pt-BR\.[\w-]{10}\.json$/);
    expect(html).toContain(`<link rel="preload" href="${siteUrl}" as="fetch" type="application/json" crossorigin="anonymous">`);
    expect(read('pt-BR/docs/compute/lambda.html')).toContain(siteUrl);
    expect(payloadOf(html, (p) => read(p.replace('/aws-cheatsheet/', ''))).site.locale.code).toBe('pt-BR');
  });

  it('writes content-hashed assets and one lazily loaded chunk per page', () => {
    const html = read('docs/compute/ec2.html');
    const entry = /<script type="module" src="(\/aws-cheatsheet\/assets\/[^"]+\.[A-Z0-9]{8}\.js)"><\/script>/.exec(html);
    expect(entry).not.toBeNull();
    expect(existsSync(join(out, entry![1]!.replace('/aws-cheatsheet/', '')))).toBe(true);
    const payload = payloadOf(html, (path) => read(path.replace('/aws-cheatsheet/', '')));
    const manifest = JSON.parse(read(payload.site.routesManifestUrl.replace('/aws-cheatsheet/', ''))) as Record<string, string>;
    expect(Object.keys(manifest)).toHaveLength(148 + 3);
    const chunk = manifest['/aws-cheatsheet/docs/compute/ec2']!;
    expect(chunk).toMatch(/\/assets\/pages\/[A-Za-z0-9]+\.js$/);
    expect(read(chunk.replace('/aws-cheatsheet/', ''))).toContain('Amazon EC2');
  });

  // The compiled CLI splits the work with a worker thread (code highlighted there while the main thread
  // parses Markdown, pages rendered on both); the in-process build above does everything on one thread.
  // Both builds run the compiled CLI, as users do.
  it('is written byte for byte the same by the multi-threaded CLI as by one thread', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cheatsheet-cli-build-'));
    try {
      const one = runCli(['build', '--no-cache', '--out-dir', join(dir, 'one')], undefined, { CHEATSHEET_THREADS: '1' });
      expect(one.status, one.stderr).toBe(0);
      const two = runCli(['build', '--no-cache', '--out-dir', join(dir, 'two')], undefined, { CHEATSHEET_THREADS: '2' });
      expect(two.status, two.stderr).toBe(0);
      const files = (root: string) => readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name))).sort();
      const ours = files(join(dir, 'two'));
      expect(ours.length).toBeGreaterThan(400);
      expect(ours).toEqual(files(join(dir, 'one')));
      const differing = ours.filter((f) => !readFileSync(join(dir, 'two', f)).equals(readFileSync(join(dir, 'one', f))));
      expect(differing).toEqual([]);
      // The compiled CLI writes the pages the sources write (only hashed search and site-data names may differ).
      const named = (list: string[]) => list.filter((f) => !/^assets\/(search\/index\.|site-data)/.test(f) && !f.startsWith('.cheatsheet-build'));
      expect(named(ours).filter((f) => f.endsWith('.html')).length).toBe(named(files(out)).filter((f) => f.endsWith('.html')).length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two full builds of the real site in child processes: under a loaded 2-core machine they took up to
    // 58 s together, so the default 60 s limit made this a timing test rather than a parity test.
  }, 240_000);
});

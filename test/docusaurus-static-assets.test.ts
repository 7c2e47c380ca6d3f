// Markdown images and file links by static URL, as Docusaurus 3 resolves them (its transformImage/transformLinks
// remark plugins require() the file): `![x](/img/a.png)`, `../../static/img/a.png` and `[sheet](/files/b.pdf)`
// become copies named with a content hash — assets/images for images, assets/files for links — base URL applied.
// `pathname:///…` keeps the URL as written; an HTML or JSX `<img src="/img/a.png">` is left as written too
// (Docusaurus does not touch JSX). A missing file is a problem with its file and line, in build and check alike.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../renderer/build.ts';
import { startServe } from './helpers/dev-server.ts';
import { makeSite, runCli } from './helpers/fixture-site.ts';

const config = (baseUrl: string, trailingSlash: boolean) => `export default {
  title: 'Kiln notes',
  tagline: 'Firing pottery',
  favicon: 'img/kiln.png',
  repoUrl: 'https://git.example.org/kiln',
  ebook: { title: 'Kiln log', href: 'https://kiln.example.org/log.pdf' },
  url: 'https://kiln.example.org',
  baseUrl: '${baseUrl}',
  trailingSlash: ${trailingSlash},
  i18n: { defaultLocale: 'en', sourceLocale: 'en', locales: ['en'], localeConfigs: { en: { label: 'English', htmlLang: 'en', path: 'en' } } },
  themeConfig: { navbar: { items: [] }, footer: { copyright: 'Kiln notes' } },
};
`;

const KILN_PNG = Buffer.from('\x89PNG kiln photo bytes', 'latin1');
const CONE_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 10L5 0L10 10z"/></svg>';
const LOG_PDF = '%PDF-1.4 firing log';

const FILES: Record<string, string | Buffer> = {
  'static/img/kiln.png': KILN_PNG,
  'static/img/cone.svg': CONE_SVG,
  'static/files/firing-log.pdf': LOG_PDF,
  'docs/intro.md': '# Kiln notes\n\nStart with [firing](./guides/firing.md).\n',
  'docs/guides/firing.md': [
    '# Firing',
    '',
    '![The kiln](/img/kiln.png)',
    '',
    '![A cone](../../static/img/cone.svg "Witness cone")',
    '',
    'Keep [the firing log](/files/firing-log.pdf) and [the second copy](@site/static/files/firing-log.pdf).',
    '',
    '![Kept as written](pathname:///img/kiln.png)',
    '',
    'Also [as written](pathname:///files/firing-log.pdf).',
    '',
    '![By reference][kiln]',
    '',
    '<img src="/img/cone.svg" alt="Raw HTML" />',
    '',
    '[kiln]: /img/kiln.png',
    '',
  ].join('\n'),
  'docs/guides/glazes.mdx': [
    '# Glazes',
    '',
    '![The kiln again](/img/kiln.png)',
    '',
    '<img src="/img/cone.svg" alt="JSX" />',
    '',
    '<div>',
    '',
    'Log: [pdf](/files/firing-log.pdf)',
    '',
    '</div>',
    '',
  ].join('\n'),
};

const sha8 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 8);
const KILN = `assets/images/kiln-${sha8(KILN_PNG)}.png`;
const CONE = `assets/images/cone-${sha8(CONE_SVG)}.svg`;
const LOG = `assets/files/firing-log-${sha8(LOG_PDF)}.pdf`;

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

async function buildSite(baseUrl: string, trailingSlash: boolean, files = FILES) {
  const root = makeSite(files, { configSource: config(baseUrl, trailingSlash) });
  roots.push(root);
  const result = await build({ root, write: false, bundle: false });
  const html = (rel: string) => {
    const f = result.files.get(rel);
    if (f === undefined) throw new Error(`no output file ${rel}; have: ${[...result.files.keys()].filter((k) => k.endsWith('.html')).join(', ')}`);
    return String(f);
  };
  return { ...result, html, root };
}

describe('Markdown images and file links by static URL, as Docusaurus 3', () => {
  for (const [baseUrl, trailingSlash, page, mdxPage] of [
    ['/', false, 'docs/guides/firing.html', 'docs/guides/glazes.html'],
    ['/sub/', false, 'docs/guides/firing.html', 'docs/guides/glazes.html'],
    ['/sub/', true, 'docs/guides/firing/index.html', 'docs/guides/glazes/index.html'],
  ] as const) {
    it(`copies them with a content hash under ${baseUrl} (trailingSlash: ${trailingSlash}), keeps pathname:// and HTML <img src> as written`, async () => {
      const site = await buildSite(baseUrl, trailingSlash);
      const firing = site.html(page);
      expect(firing).toContain(`<img src="${baseUrl}${KILN}" alt="The kiln">`);
      expect(firing).toContain(`<img src="${baseUrl}${CONE}" alt="A cone" title="Witness cone">`);
      expect(firing).toContain(`<a href="${baseUrl}${LOG}">the firing log</a>`);
      expect(firing).toContain(`<a href="${baseUrl}${LOG}">the second copy</a>`);
      expect(firing).toContain(`<img src="${baseUrl}${KILN}" alt="By reference">`);
      // The escape hatch: no scheme, no base URL, no copy.
      expect(firing).toContain('<img src="/img/kiln.png" alt="Kept as written">');
      // Not link-checked either (it may lie outside the base URL), as Docusaurus's Link does not check it.
      expect(firing).toContain('<a data-no-link-check="" href="/files/firing-log.pdf">as written</a>');
      // An HTML element's src is not Markdown: left as written, as Docusaurus leaves JSX.
      expect(firing).toContain('<img src="/img/cone.svg" alt="Raw HTML">');
      // The copies hold the static files' bytes; the static files are still served as they are.
      expect(site.files.get(KILN)).toEqual(KILN_PNG);
      expect(String(site.files.get(CONE))).toBe(CONE_SVG);
      expect(String(site.files.get(LOG))).toBe(LOG_PDF);
      // MDX: the same for Markdown images and links; a JSX <img src> is left alone.
      const glazes = site.html(mdxPage);
      expect(glazes).toContain(`<img src="${baseUrl}${KILN}" alt="The kiln again">`);
      expect(glazes).toContain('<img src="/img/cone.svg" alt="JSX">');
      expect(glazes).toContain(`<a href="${baseUrl}${LOG}">pdf</a>`);
    });
  }

  it('a missing static file fails the build with the file and line, and check says the same', async () => {
    const files = { ...FILES, 'docs/guides/firing.md': '# Firing\n\nText.\n\n![Gone](/img/gone.png)\n\n![Lost too](./lost.png)\n' };
    await expect(buildSite('/sub/', false, files)).rejects.toMatchObject({
      message: '2 images or files the page references do not exist: /img/gone.png, ./lost.png',
      location: { file: 'docs/guides/firing.md', line: 5 },
      details: ['docs/guides/firing.md:5 → /img/gone.png', 'docs/guides/firing.md:7 → ./lost.png'],
    });
    // A site-absolute link to no static file is left to the link checker, as Docusaurus leaves it: a page may
    // have a dot in its URL, and a link to nothing is a broken link.
    const dotted = { ...FILES, 'docs/guides/v1.2.md': '---\nid: v1.2\n---\n# Release 1.2\n', 'docs/intro.md': '# Kiln notes\n\nSee [release 1.2](/docs/guides/v1.2).\n' };
    await expect(buildSite('/', false, dotted)).resolves.toBeDefined();
    const lost = { ...FILES, 'docs/intro.md': '# Kiln notes\n\nKeep [the log](/files/lost.pdf).\n' };
    const broken = await buildSite('/', false, lost).then(() => undefined, (err: Error) => err);
    expect(broken?.message).toContain('broken link');
    expect(JSON.stringify(broken)).toContain('/files/lost.pdf');
    const root = makeSite(files, { configSource: config('/sub/', false) });
    roots.push(root);
    const checked = runCli(['check', '--root', root]);
    expect(checked.status).toBe(1);
    expect(checked.stdout + checked.stderr).toContain('docs/guides/firing.md:5');
    expect(checked.stdout + checked.stderr).toContain('/img/gone.png');
    expect(checked.stdout + checked.stderr).not.toMatch(/\n\s+at /);
    const mdx = { ...FILES, 'docs/guides/glazes.mdx': '# Glazes\n\nText.\n\n![Gone](/img/gone.png)\n' };
    await expect(buildSite('/', false, mdx)).rejects.toMatchObject({ message: expect.stringContaining('/img/gone.png'), location: { file: 'docs/guides/glazes.mdx', line: 5 } });
  });

  it('serve gives the same hashed URLs and serves the copies, and follows edits of a static image and of docs/', async () => {
    const root = makeSite(FILES, { configSource: config('/sub/', false) });
    roots.push(root);
    const served = await startServe(['--root', root, '--port', '0']);
    try {
      const html = await (await fetch(`${served.origin}/sub/docs/guides/firing`)).text();
      expect(html).toContain(`<img src="/sub/${KILN}" alt="The kiln">`);
      expect(html).toContain(`<a href="/sub/${LOG}">the firing log</a>`);
      const copy = await fetch(`${served.origin}/sub/${KILN}`);
      expect(copy.status).toBe(200);
      expect(Buffer.from(await copy.arrayBuffer())).toEqual(KILN_PNG);
      expect(readFileSync(join(root, 'static/img/kiln.png'))).toEqual(KILN_PNG);
      // A new photo in static/: the page links its new hashed copy, which holds the new bytes.
      const NEW_PNG = Buffer.from('\x89PNG a new kiln photo', 'latin1');
      writeFileSync(join(root, 'static/img/kiln.png'), NEW_PNG);
      const src = async () => /<img src="\/sub\/(assets\/images\/kiln-[0-9a-f]+\.png)" alt="The kiln">/.exec(await (await fetch(`${served.origin}/sub/docs/guides/firing`)).text())?.[1];
      await expect.poll(src, { timeout: 30_000 }).not.toBe(KILN);
      const fresh = await fetch(`${served.origin}/sub/${await src()}`);
      expect(fresh.status).toBe(200);
      expect(Buffer.from(await fresh.arrayBuffer())).toEqual(NEW_PNG);
      // An edit in Docusaurus's docs/ folder is picked up as one in content/<locale>/ is.
      writeFileSync(join(root, 'docs/guides/firing.md'), `${readFileSync(join(root, 'docs/guides/firing.md'), 'utf8')}\nCone 6 reached at dawn.\n`);
      await expect.poll(async () => (await (await fetch(`${served.origin}/sub/docs/guides/firing`)).text()).includes('Cone 6 reached at dawn.'), { timeout: 30_000 }).toBe(true);
    } finally {
      await served.stop();
    }
  });
});

// Images and files an MDX page takes as modules, the Docusaurus way: `require('@site/static/img/x.png').default`,
// `import shot from './shot.png'`, `import sheet from '@site/files/sheet.pdf'`, in the page, in a partial and in
// a site component. Each gives the URL of a copy named with a content hash, base URL applied, wherever the value
// ends up (an attribute, a link, text); a missing file is an error naming file, line and path.
// The browser's side (the same URLs after hydration): test/browser/islands.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { processDoc } from '../renderer/content/process-doc.ts';
import { makeSite, minimalContent, page, runCli } from './helpers/fixture-site.ts';
import { PIXEL } from './helpers/island-site.ts';


const pagesBody = [
  "import Badge from '@site/src/components/Badge';",
  "import Notes from '../shared/_notes.mdx';",
  "import cover from './img/cover.png';",
  "import sheet from '@site/downloads/price-sheet.pdf';",
  '',
  '## Pictures',
  '',
  '<img className="from-static" src={require(\'@site/static/img/logo.png\').default} alt="Logo" />',
  '',
  '<img className="imported" src={cover} alt="Cover" />',
  '',
  'Download <a href={sheet}>the price sheet</a>.',
  '',
  '<Notes />',
  '',
  '<Badge />',
].join('\n');

const files: Record<string, string | Buffer> = {
  ...minimalContent,
  'static/img/logo.png': PIXEL,
  'content/en/compute/img/cover.png': Buffer.concat([PIXEL, Buffer.from('cover')]),
  'downloads/price-sheet.pdf': '%PDF-1.4 prices',
  'content/en/compute/pictures.mdx': page('Pictures', pagesBody),
  // A partial from another folder requires relative to itself; its value lands in text, not in an attribute.
  'content/en/shared/_notes.mdx': 'The diagram lives at <code className="diagram-url">{require(\'./img/diagram.png\').default}</code>.\n',
  'content/en/shared/img/diagram.png': Buffer.concat([PIXEL, Buffer.from('diagram')]),
  // A site component imports an image of its own.
  'src/components/Badge.tsx': "import mark from './mark.png';\nexport default function Badge() {\n  return <img className=\"badge\" src={mark} alt=\"Badge\" />;\n}\n",
  'src/components/mark.png': Buffer.concat([PIXEL, Buffer.from('mark')]),
};

let root: string;
let html: string;

beforeAll(() => {
  root = makeSite(files);
  const r = runCli(['build', '--root', root]);
  expect(r.status, r.stderr).toBe(0);
  html = readFileSync(join(root, 'build', 'docs', 'compute', 'pictures.html'), 'utf8');
});

/** The URL an element of the page got, and the built file it names. */
function urlOf(pattern: RegExp): { url: string; file: string } {
  const url = pattern.exec(html)?.[1];
  expect(url, `${pattern} in the page`).toBeDefined();
  return { url: url!, file: join(root, 'build', url!.slice('/aws-cheatsheet/'.length)) };
}

describe('images and files taken as modules by MDX', () => {
  it("require('@site/static/…').default gives the URL of a hashed copy under the base URL", () => {
    const { url, file } = urlOf(/<img class="from-static" src="([^"]+)"/);
    expect(url).toMatch(/^\/aws-cheatsheet\/assets\/images\/logo-[0-9a-f]{8}\.png$/);
    expect(readFileSync(file)).toEqual(PIXEL);
  });

  it('import of an image next to the page, and of a file of the site used as a link, give hashed URLs', () => {
    const cover = urlOf(/<img class="imported" src="([^"]+)"/);
    expect(cover.url).toMatch(/^\/aws-cheatsheet\/assets\/images\/cover-[0-9a-f]{8}\.png$/);
    expect(readFileSync(cover.file).subarray(-5).toString()).toBe('cover');
    const sheet = urlOf(/<a href="([^"]+)">the price sheet<\/a>/);
    expect(sheet.url).toMatch(/^\/aws-cheatsheet\/assets\/files\/price-sheet-[0-9a-f]{8}\.pdf$/);
    expect(readFileSync(sheet.file, 'utf8')).toBe('%PDF-1.4 prices');
  });

  it("a partial's require() is relative to the partial, and its URL is final wherever it lands (here in text)", () => {
    const { url, file } = urlOf(/<code class="diagram-url">([^<]+)<\/code>/);
    expect(url).toMatch(/^\/aws-cheatsheet\/assets\/images\/diagram-[0-9a-f]{8}\.png$/);
    expect(existsSync(file)).toBe(true);
  });

  it("a site component's imported image gets a hashed URL too (not a data URL)", () => {
    const { url, file } = urlOf(/<img class="badge" src="([^"]+)"/);
    expect(url).toMatch(/^\/aws-cheatsheet\/assets\/images\/mark-[0-9a-f]{8}\.png$/);
    expect(existsSync(file)).toBe(true);
  });

  it('check finds no problem on the same site (the copies count as files for the link check)', () => {
    // It fails for the missing pt-BR translation of the page only, which is not this test's business.
    const r = runCli(['check', '--root', root]);
    expect(r.stdout + r.stderr).toMatch(/✓ no problems in \d+ pages/);
  });

  it('with base URL "/", a URL from require() is not taken for a missing static file', async () => {
    const site = makeSite(files);
    const rel = 'content/en/compute/pictures.mdx';
    const result = await processDoc({
      locale: 'en', relPath: 'compute/pictures.mdx', file: rel, absPath: join(site, rel), localeBase: '/', docsBase: '/docs',
      assets: { root: site, staticDir: join(site, 'static'), baseUrl: '/' },
      codeThemes: { light: 'github-light', dark: 'github-dark' }, strings: { admonitions: {}, copyCode: 'Copy', footnoteLabel: 'Footnotes', footnoteBackLabel: 'Back' },
    });
    expect(result.ok, result.ok ? '' : result.error.message).toBe(true);
    if (result.ok) expect(result.doc.html).toMatch(/<img class="from-static" src="\/assets\/images\/logo-[0-9a-f]{8}\.png"/);
  });
});

describe('a missing image or file taken as a module', () => {
  it('require() of a missing @site/ file names the file, line and path', () => {
    const site = makeSite({ ...minimalContent, 'content/en/compute/broken.mdx': page('Broken', 'Intro.\n\n<img src={require(\'@site/static/img/nowhere.png\').default} alt="" />\n') });
    const r = runCli(['build', '--root', site]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/content\/en\/compute\/broken\.mdx:7: require\(\) names "@site\/static\/img\/nowhere\.png", which does not exist \(looked for static\/img\/nowhere\.png\)/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('import of a missing image names the file, line and path', () => {
    const site = makeSite({ ...minimalContent, 'content/en/compute/broken.mdx': page('Broken', "import shot from './img/shot.png';\n\n<img src={shot} alt=\"\" />\n") });
    const r = runCli(['build', '--root', site]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/content\/en\/compute\/broken\.mdx:5: "shot" cannot be resolved: "\.\/img\/shot\.png" does not exist \(looked for content\/en\/compute\/img\/shot\.png\)/);
  });
});

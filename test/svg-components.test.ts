// SVGs taken as modules are React components rendering the SVG inline, as Docusaurus makes them with SVGR: by
// import and require() in MDX and in a site component, with className, title and role passed through; Markdown's
// `![](/img/x.svg)` stays an image URL. The browser's side (the same markup hydrated): test/browser/svg-components.test.ts.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSite, minimalContent, page, runCli } from './helpers/fixture-site.ts';
import { svgSiteFiles } from './helpers/svg-site.ts';

let root: string;
let html: string;

beforeAll(() => {
  root = makeSite({ ...minimalContent, ...svgSiteFiles });
  const r = runCli(['build', '--root', root]);
  expect(r.status, r.stderr).toBe(0);
  html = readFileSync(join(root, 'build', 'docs', 'compute', 'logos.html'), 'utf8').replaceAll('<!-- -->', '');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The opening tag of the <svg> with this class. */
const svgTag = (cls: string) => new RegExp(`<svg[^>]*class="${cls}"[^>]*>`).exec(html)?.[0];

describe('SVG as React components (SVGR)', () => {
  it('import of a static SVG renders it inline with the props given, its title replaced by the title prop', () => {
    const tag = svgTag('site-logo');
    expect(tag).toBeDefined();
    expect(tag).toContain('role="img"');
    expect(tag).toContain('viewBox="0 0 40 40"');
    const svg = html.slice(html.indexOf(tag!), html.indexOf('</svg>', html.indexOf(tag!)));
    expect(svg).toContain('<title>Our kiln</title>');
    expect(svg).not.toContain('<title>Kiln</title>');
    // SVGO keeps the gradient working: the id and its reference are renamed together.
    const id = /<linearGradient id="([^"]+)"/.exec(svg)?.[1];
    expect(svg).toContain(`fill="url(#${id})"`);
  });

  it("an SVG next to the page, and require('….svg').default in an export, are components too", () => {
    expect(svgTag('local-mark')).toContain('viewBox="0 0 10 10"');
    const required = svgTag('feature-svg');
    expect(required).toContain('aria-label="Required"');
    // Without a title prop the SVG's own title shows.
    expect(html.slice(html.indexOf(required!), html.indexOf('</svg>', html.indexOf(required!)))).toContain('<title>Kiln</title>');
  });

  it("a site component's imported SVGs render inline inside its island", () => {
    const island = html.slice(html.indexOf('data-island'), html.indexOf('</button>', html.indexOf('data-island')));
    expect(island).toMatch(/<svg[^>]*class="heat-mark"[^>]*aria-hidden="true"|<svg[^>]*aria-hidden="true"[^>]*class="heat-mark"/);
    expect(island).toMatch(/<svg[^>]*class="heat-logo"/);
    expect(island).toContain('<title>Heat</title>');
    expect(island).toContain('Fired 0 times');
  });

  it('a Markdown image of an SVG stays an image, a hashed copy', () => {
    const src = /<img src="([^"]+)" alt="The logo as an image"/.exec(html)?.[1];
    expect(src).toMatch(/^\/aws-cheatsheet\/assets\/images\/logo-[0-9a-f]{8}\.svg$/);
    expect(readFileSync(join(root, 'build', src!.slice('/aws-cheatsheet/'.length)), 'utf8')).toContain('<title>Kiln</title>');
  });

  it('two SVG files on one page keep their gradients apart (ids prefixed by the file name)', () => {
    const grad = (color: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><defs><linearGradient id="g"><stop offset="0" stop-color="${color}"/></linearGradient></defs><rect width="4" height="4" fill="url(#g)"/></svg>`;
    const site = makeSite({
      ...minimalContent,
      'content/en/compute/two.mdx': page('Two', "import Red from './red.svg';\nimport Blue from './blue.svg';\n\n<Red className=\"red\" />\n<Blue className=\"blue\" />\n"),
      'content/en/compute/red.svg': grad('#f00'),
      'content/en/compute/blue.svg': grad('#00f'),
    });
    try {
      const r = runCli(['build', '--root', site]);
      expect(r.status, r.stderr).toBe(0);
      const out = readFileSync(join(site, 'build', 'docs', 'compute', 'two.html'), 'utf8');
      const idOf = (cls: string) => {
        const start = out.search(new RegExp(`<svg[^>]*class="${cls}"`));
        const svg = out.slice(start, out.indexOf('</svg>', start));
        const id = /<linearGradient id="([^"]+)"/.exec(svg)?.[1];
        expect(svg).toContain(`fill="url(#${id})"`);
        return id;
      };
      const [red, blue] = [idOf('red'), idOf('blue')];
      expect(red).toBeDefined();
      expect(red).not.toBe(blue);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('a malformed SVG fails the build naming the page, line and file', () => {
    const site = makeSite({ ...minimalContent, 'content/en/compute/bad.mdx': page('Bad', "import Broken from './broken.svg';\n\n<Broken />\n"), 'content/en/compute/broken.svg': '<svg xmlns="http://www.w3.org/2000/svg"><g></svg>' });
    try {
      const r = runCli(['build', '--root', site]);
      expect(r.status).toBe(1);
      expect(r.stderr + r.stdout).toContain('content/en/compute/bad.mdx:5');
      expect(r.stderr + r.stdout).toContain('broken.svg');
      expect(r.stderr + r.stdout).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});

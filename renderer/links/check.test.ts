import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../routes/route-table.ts';
import { checkLinks, scanPage, StringPool } from './check.ts';
import { linkComponents } from './html-scan.ts';
import { isFatalLink, linkProblem, linkSource } from '../problems.ts';

function entry(path: string, outFile: string, links: { href: string; line: number }[] = []): RouteEntry {
  return {
    key: path,
    outFile,
    data: { kind: 'doc', path, locale: 'en', head: { title: '', description: '', canonical: '', alternates: [], ogType: 'article', noindex: false, keywords: [] }, alternates: [] },
    doc: links.length ? ({ file: `content/en${path}.md`, links } as RouteEntry['doc']) : undefined,
  };
}

const a = entry('/b/docs/a', 'docs/a.html', [
  { href: '/b/docs/b#configuração', line: 3 },
  { href: '/b/docs/missing', line: 7 },
]);
const b = entry('/b/docs/b', 'docs/b.html');
const home = entry('/b/', 'index.html');
const pageA = `<nav class="theme-layout-navbar"><a href="/b/">Home</a><a href="/b/docs/gone">Gone</a></nav>
<main><div class="theme-doc-markdown markdown"><p><a href="/b/docs/b#configura%C3%A7%C3%A3o">ok</a> <a href="/b/docs/missing">x</a> <a href="#local">l</a> <a href="https://aws.amazon.com">ext</a> <a href="/b/img/logo.svg">img</a></p><h2 id="local">L</h2></div></main>
<footer class="theme-layout-footer"><a href="/b/docs/b#nope">bad anchor</a></footer>`;
const pageB = '<h2 id="configuração">Configuração</h2>';

describe('link checker', () => {
  it("takes a link to a static folder with an index.html (/b/api/, /b/api) for a file, as static hosts serve it", () => {
    const page = entry('/b/docs/a', 'docs/a.html');
    const pages = new Map([['docs/a.html', '<main><div class="theme-doc-markdown markdown"><a href="/b/api/">API</a> <a href="/b/api">API</a> <a href="/b/other/">Other</a></div></main>']]);
    const result = checkLinks({ routes: [page], pages, files: new Set(['/b/api/index.html']), baseUrl: '/b/' });
    expect(result.links.map((l) => l.target)).toEqual(['/b/other/']);
  });

  it('finds broken links and anchors, naming the Markdown line or the component', () => {
    const pages = new Map<string, string>([
      ['docs/a.html', pageA],
      ['docs/b.html', pageB],
      ['index.html', ''],
    ]);
    const result = checkLinks({ routes: [a, b, home], pages, files: new Set(['/b/img/logo.svg']), baseUrl: '/b/' });
    expect(result.links).toEqual([
      { kind: 'link', page: '/b/docs/a', component: 'Navbar', target: '/b/docs/gone', reason: 'no such page' },
      { kind: 'link', page: '/b/docs/a', component: 'Markdown', file: 'content/en/b/docs/a.md', line: 7, target: '/b/docs/missing', reason: 'no such page' },
    ]);
    expect(result.anchors).toEqual([{ kind: 'anchor', page: '/b/docs/a', component: 'Footer', target: '/b/docs/b#nope', reason: 'no heading or element with id "nope" on /b/docs/b' }]);
    expect(result.links.map(linkSource)).toEqual(['Navbar on /b/docs/a', 'content/en/b/docs/a.md:7']);
  });

  it('works from page scans, reading the HTML back only for pages with broken links', () => {
    const read: string[] = [];
    const pages = new Map([
      ['docs/a.html', scanPage(pageA, new StringPool())],
      ['docs/b.html', scanPage(pageB, new StringPool())],
      ['index.html', scanPage('', new StringPool())],
    ]);
    const result = checkLinks({ routes: [a, b, home], pages, files: new Set(['/b/img/logo.svg']), baseUrl: '/b/', readHtml: (f) => (read.push(f), f === 'docs/a.html' ? pageA : pageB) });
    expect(result.links).toHaveLength(2);
    expect(read).toEqual(['docs/a.html']);
  });

  it('finds a page whose slug has non-ASCII letters, linked encoded or not', () => {
    const accented = entry('/b/docs/c%C3%A2mbio', 'docs/câmbio.html');
    const from = entry('/b/docs/a', 'docs/a.html');
    const pages = new Map([
      ['docs/a.html', '<a href="/b/docs/c%C3%A2mbio">encoded</a> <a href="/b/docs/câmbio">as written</a>'],
      ['docs/câmbio.html', ''],
    ]);
    expect(checkLinks({ routes: [from, accented], pages, files: new Set(), baseUrl: '/b/' }).links).toEqual([]);
  });

  it("checks links to a page's own anchors as a browser resolves them: escaped, as written, on a page with an encoded slug", () => {
    // Ids as rehype-slug and HTML authors write them; hrefs plain (taken as they are) and not (parsed as URLs).
    const page = entry('/b/docs/c%C3%A2mbio', 'docs/câmbio.html');
    const ids = ['configuração', 'a b', '100%', 'x"y', 'plain-id', 'q?x=1'].map((id) => `<h2 id="${id.replace(/"/g, '&quot;')}">t</h2>`).join('');
    const hrefs = ['#configura%C3%A7%C3%A3o', '#configuração', '#a%20b', '#a b', '#100%', '#x%22y', '#plain-id', '#q?x=1', '#', '#missing', '#100%%20x'];
    const html = `<div class="theme-doc-markdown markdown">${hrefs.map((h) => `<a href="${h.replace(/"/g, '&quot;')}">l</a>`).join(' ')}${ids}</div>`;
    const result = checkLinks({ routes: [page], pages: new Map([['docs/câmbio.html', html]]), files: new Set(), baseUrl: '/b/' });
    expect(result.links).toEqual([]);
    // '#100%%20x' is '100%%20x' once parsed, which does not decode: no such id (as before anchors were taken as written).
    expect(result.anchors.map((l) => l.target)).toEqual(['#missing', '#100%%20x']);
  });

  it('names the component each link sits in', () => {
    expect(linkComponents(pageA).map((l) => l.component)).toEqual(['Navbar', 'Navbar', 'Markdown', 'Markdown', 'Markdown', 'Markdown', 'Markdown', 'Footer']);
  });

  it("keeps absolute links to the site's own address apart: checked, reported with what they resolve to, never fatal", () => {
    const own = entry('/b/docs/own', 'docs/own.html', [
      { href: 'https://site.example/b/docs/b#configuração', line: 2 },
      { href: 'https://site.example/b/docs/gone', line: 4 },
      { href: 'https://site.example/b/docs/b#nope', line: 5 },
    ]);
    const html = `<div class="theme-doc-markdown markdown"><a href="https://site.example/b/docs/b#configura%C3%A7%C3%A3o">ok</a> <a href="https://SITE.example/b">home</a> <a href="https://site.example/b/docs/gone">gone</a> <a href="https://site.example/b/docs/b#nope">bad anchor</a> <a href="https://site.example/elsewhere">not under the base</a></div>`;
    const pages = new Map([
      ['docs/own.html', html],
      ['docs/b.html', pageB],
      ['index.html', ''],
    ]);
    const result = checkLinks({ routes: [own, b, home], pages, files: new Set(), baseUrl: '/b/', siteBase: 'https://site.example/b/' });
    expect(result.links).toEqual([]);
    expect(result.anchors).toEqual([]);
    expect(result.ownUrls).toEqual([
      { kind: 'link', page: '/b/docs/own', component: 'Markdown', file: 'content/en/b/docs/own.md', line: 4, target: 'https://site.example/b/docs/gone', resolved: '/b/docs/gone', reason: 'no such page' },
      { kind: 'anchor', page: '/b/docs/own', component: 'Markdown', file: 'content/en/b/docs/own.md', line: 5, target: 'https://site.example/b/docs/b#nope', resolved: '/b/docs/b#nope', reason: 'no heading or element with id "nope" on /b/docs/b' },
    ]);
    const config = { onBrokenLinks: 'throw', onBrokenAnchors: 'throw' };
    expect(result.ownUrls.some((l) => isFatalLink(l, config))).toBe(false);
    const problem = linkProblem(result.ownUrls[0]!);
    expect(problem).toMatchObject({ kind: 'own-url', file: 'content/en/b/docs/own.md', line: 4 });
    expect(problem.message).toBe("Link to this site's own address https://site.example/b/docs/gone leads nowhere: it resolves to /b/docs/gone (no such page).");
    // Without the site's address they are plain external links, as before.
    expect(checkLinks({ routes: [own, b, home], pages, files: new Set(), baseUrl: '/b/' }).ownUrls).toEqual([]);
  });
});

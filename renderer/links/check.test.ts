import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../routes/route-table.ts';
import { checkLinks, scanPage, StringPool } from './check.ts';
import { linkComponents } from './html-scan.ts';
import { linkSource } from '../problems.ts';

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

  it('names the component each link sits in', () => {
    expect(linkComponents(pageA).map((l) => l.component)).toEqual(['Navbar', 'Navbar', 'Markdown', 'Markdown', 'Markdown', 'Markdown', 'Markdown', 'Footer']);
  });
});

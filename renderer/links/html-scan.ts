// A small scanner for the HTML we generate ourselves (well-formed, attributes double-quoted): finds ids
// and link targets without building a DOM for every page.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/**
 * A copy of `s` that does not point into the string it was cut from. A regex match is a slice that keeps its
 * whole page alive: scans of 456 pages held ~70 MB of HTML that way.
 */
function detach(s: string): string {
  return s.length === 0 ? '' : Buffer.from(s, 'utf8').toString('utf8');
}

/** Scans return the same strings for the links every page repeats (navbar, sidebar, footer). */
export class StringPool {
  private readonly pool = new Map<string, string>();
  get(s: string): string {
    let v = this.pool.get(s);
    if (v === undefined) {
      v = detach(s);
      this.pool.set(v, v);
    }
    return v;
  }
}
export function decodeEntities(s: string): string {
  return s.includes('&') ? s.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ENTITIES[e]!) : s;
}

// indexOf loops rather than regular expressions: every rendered page is scanned (ids: 42 → 30 ms over 465
// pages), and an attribute must start the name (`data-href="` is not a link, as the old regex thought).

const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13 || c === 12;

export function collectIds(html: string, pool?: StringPool): Set<string> {
  const ids = new Set<string>();
  for (let at = html.indexOf('id="'); at >= 0; at = html.indexOf('id="', at + 4)) {
    // An attribute: preceded by whitespace (not `data-id="`, not `"id":` in JSON).
    if (!isSpace(html.charCodeAt(at - 1))) continue;
    const end = html.indexOf('"', at + 4);
    if (end < 0) break;
    const id = decodeEntities(html.slice(at + 4, end));
    ids.add(pool ? pool.get(id) : id);
  }
  return ids;
}

const NO_LINK_CHECK = 'data-no-link-check';

export function collectHrefs(html: string, pool?: StringPool): string[] {
  const hrefs: string[] = [];
  for (let at = html.indexOf('<a'); at >= 0; at = html.indexOf('<a', at + 2)) {
    if (!isSpace(html.charCodeAt(at + 2))) continue;
    // A link kept as written (`pathname://`, renderer/content/assets.ts) carries this as its first attribute.
    if (html.startsWith(NO_LINK_CHECK, at + 3)) continue;
    const close = html.indexOf('>', at);
    if (close < 0) break;
    let attr = html.indexOf('href="', at);
    // The attribute itself, not the end of another one's name (`data-href="`).
    while (attr >= 0 && attr < close && !isSpace(html.charCodeAt(attr - 1))) attr = html.indexOf('href="', attr + 6);
    if (attr < 0 || attr > close) continue;
    const end = html.indexOf('"', attr + 6);
    const href = decodeEntities(html.slice(attr + 6, end));
    hrefs.push(pool ? pool.get(href) : href);
  }
  return hrefs;
}

const COMPONENTS: [string, string][] = [
  ['theme-doc-markdown', 'Markdown'],
  ['navbar-sidebar', 'Navbar (mobile menu)'],
  ['theme-layout-navbar', 'Navbar'],
  ['theme-doc-sidebar-container', 'DocSidebar'],
  ['theme-doc-breadcrumbs', 'Breadcrumbs'],
  ['pagination-nav', 'DocPaginator'],
  ['theme-doc-toc', 'TableOfContents'],
  ['theme-layout-footer', 'Footer'],
  ['theme-announcement-bar', 'AnnouncementBar'],
  ['docs-root', 'DocsRoot'],
  ['home', 'HomePage'],
];
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Names the theme component each link sits in (for the report of a broken template link). */
export function linkComponents(html: string): { href: string; component: string }[] {
  const stack: string[] = [];
  const found: { href: string; component: string }[] = [];
  const re = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s[^>]*?)?)(\/?)>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    const [, closing, tag, attrs = '', selfClosing] = m;
    const name = tag!.toLowerCase();
    if (name === 'script' || name === 'style') {
      const end = html.indexOf(`</${name}`, re.lastIndex);
      if (end > 0 && !closing) re.lastIndex = end;
      continue;
    }
    if (closing) {
      stack.pop();
      continue;
    }
    const cls = /\sclass="([^"]*)"/.exec(attrs)?.[1] ?? '';
    const component = COMPONENTS.find(([c]) => cls.split(/\s+/).some((k) => k === c || k.startsWith(`${c}-`)))?.[1];
    const inherited = component ?? stack[stack.length - 1] ?? 'Layout';
    if (name === 'a') {
      const href = /\shref="([^"]*)"/.exec(attrs)?.[1];
      if (href !== undefined) found.push({ href: decodeEntities(href), component: inherited });
    }
    if (!VOID.has(name) && !selfClosing) stack.push(inherited);
  }
  return found;
}

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

export function collectIds(html: string, pool?: StringPool): Set<string> {
  const ids = new Set<string>();
  const re = /\sid="([^"]*)"/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    const id = decodeEntities(m[1]!);
    ids.add(pool ? pool.get(id) : id);
  }
  return ids;
}

export function collectHrefs(html: string, pool?: StringPool): string[] {
  const hrefs: string[] = [];
  const re = /<a\s[^>]*?href="([^"]*)"/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    const href = decodeEntities(m[1]!);
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

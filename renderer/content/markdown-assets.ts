// Markdown's own images and links to files, resolved on the Markdown tree before anything renders, as Docusaurus
// 3's remark plugins (transformImage, transformLinks) turn them into require() calls: the file — next to the doc,
// `@site/…`, or a URL of the static folder (`/img/x.png`) — is copied with a content hash, under assets/images for
// an image and assets/files for a link, base URL applied. `pathname:///img/x.png` is the escape hatch: the URL as
// written, without the scheme (and without the base URL). Plain Markdown pages and MDX pages (server compile) both
// run this, so an MDX page's JSX `<img src>` — not an image node — is left to assetVisitor (assets.ts).
import type { Root } from 'mdast';
import { PATHNAME_SCHEME, resolveAsset, type AssetKind, type AssetOptions, type AssetSinks } from './assets.ts';
import { walk } from './walk.ts';

interface UrlNode {
  type: string;
  url?: string;
  identifier?: string;
  position?: { start: { line: number } };
}

/** A link's target that is a file, as transformLinks decides: `@site/…`, or an extension that is not a page's. */
const linksToFile = (url: string) => {
  const path = url.split(/[?#]/, 1)[0]!;
  return !/\.(?:mdx?|html?)$/i.test(path) && (path.startsWith('@site/') || /\.[a-z0-9]{1,8}$/i.test(path));
};

export function remarkMarkdownAssets(options: AssetOptions & AssetSinks & { lineOffset: number }) {
  return (tree: Root) => {
    // A definition serves `![x][ref]` and `[x][ref]` alike: it is an image's when an image reference uses it.
    // One walk gathers both, in document order; the nodes are then handled in that order, as a second walk
    // would visit them (handling one changes its URL only, not the tree).
    const imageDefinitions = new Set<string>();
    const withUrls: (UrlNode & { url: string })[] = [];
    walk(tree, (child) => {
      const node = child as UrlNode;
      if (node.type === 'imageReference') imageDefinitions.add(node.identifier!);
      else if (typeof node.url === 'string' && (node.type === 'image' || node.type === 'link' || node.type === 'definition')) withUrls.push(node as UrlNode & { url: string });
    });
    for (const node of withUrls) {
      const kind: AssetKind = node.type === 'image' ? 'image' : node.type === 'link' ? 'link' : imageDefinitions.has(node.identifier!) ? 'image' : 'link';
      if (node.url.startsWith(PATHNAME_SCHEME)) {
        node.url = node.url.slice(PATHNAME_SCHEME.length);
        options.finals.add(node.url);
        continue;
      }
      if (kind === 'link' && !linksToFile(node.url)) continue;
      const result = resolveAsset(node.url, options, kind === 'image' ? 'images' : 'files');
      if (!result) continue;
      if ('missing' in result) {
        // A site-absolute link to no static file may be a page whose URL has a dot (`/releases/v1.2`):
        // transformLinks leaves it, and so do we — the link checker knows the routes and reports it if broken.
        if (kind === 'link' && node.url.startsWith('/')) continue;
        options.missing.push({ url: node.url, line: node.position ? node.position.start.line + options.lineOffset : undefined });
        continue;
      }
      node.url = result.url;
      if (result.copy && !options.copies.some((c) => c.out === result.copy!.out)) options.copies.push(result.copy);
    }
  };
}

// One MDX page → the same output as a Markdown page: compiled and rendered to HTML with React at build time,
// then read back into a tree that goes through the page stages of markdown.ts (heading ids, highlighting,
// links), so its headings feed the TOC, anchors, search and link checking like any page's.
import type { Element, Root as HastRoot } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { unified } from 'unified';
import type { VFile } from 'vfile';
import { ContentError } from '../../errors.ts';
import { admonitionKind } from '../admonitions.ts';
import type { AssetCopy } from '../assets.ts';
import type { SourceLink } from '../links.ts';
import { finishPage, usePageStages, type MarkdownInput, type MarkdownOutput, type PageSinks } from '../markdown.ts';
import { MdxThemeContext, type MdxSite, type MdxTheme } from '../../../templates/mdx/context.ts';
import type { BrowserCode } from './browser-compile.ts';
import { compileMdx } from './compile.ts';
import { errorLocation, startRender } from './source-lines.ts';
import { walk } from '../walk.ts';

export interface MdxInput extends MarkdownInput {
  absPath: string;
  siteRoot: string;
  /** What `useDocusaurusContext` and `useBaseUrl` read; without it, a site at `/` with no title. */
  site?: MdxSite;
}

/** hast's name of IslandMark's `data-island`. */
const ISLAND_PROPERTY = 'dataIsland';
const escapeStyle = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1');

export async function renderMdx(input: MdxInput): Promise<MarkdownOutput> {
  const warnings: string[] = [];
  const links: SourceLink[] = [];
  const titles = input.strings.admonitions;
  const styles = new Set<string>();
  const styleFiles = new Set<string>();
  const islands: { count: number; browser?: BrowserCode } = { count: 0 };
  // Files the page takes as modules (require(), import) are copied like its images: one list for both.
  const copies: AssetCopy[] = [];
  const baseUrl = input.assets?.baseUrl ?? input.site?.baseUrl ?? '/';
  // URLs the Markdown images and links of the page (and its partials) were given as written (pathname://).
  const finals = new Set<string>();
  const markdownAssets = input.assets ? { staticDir: input.assets.staticDir, finals } : undefined;
  const unit = { absPath: input.absPath, file: input.file, body: input.body, lineOffset: input.lineOffset, siteRoot: input.siteRoot, baseUrl, copies, admonitionTitles: titles, ...(markdownAssets ? { markdownAssets } : {}) };
  const Page = await compileMdx({ ...unit, warnings, styles, styleFiles, islands });
  const said = new Set<string>();
  const theme: MdxTheme = {
    admonition: (type) => {
      const kind = admonitionKind(type) ?? 'note';
      if (!admonitionKind(type)) warnings.push(`${input.file}: unknown admonition type "${type}", rendered as a note`);
      return { kind, title: titles[kind] ?? kind };
    },
    site: input.site ?? { title: '', tagline: '', url: '', baseUrl: '/', locale: 'en', defaultLocale: 'en', locales: ['en'] },
    warn: (message) => {
      if (!said.has(message)) warnings.push(`${input.file}: ${message}`);
      said.add(message);
    },
  };
  const render = (Content: typeof Page) => {
    startRender();
    return renderToString(createElement(MdxThemeContext.Provider, { value: theme }, createElement(Content, {})));
  };
  let html: string;
  try {
    html = render(Page);
  } catch (failure) {
    // The page's code has no source positions: compiled again with them (the same elements, made by jsxDEV), the
    // render fails again, this time saying on which line.
    let err = failure;
    try {
      render(await compileMdx({ ...unit, development: true, warnings: [], styles: new Set(), styleFiles: new Set(), islands: { count: 0 } }));
    } catch (located) {
      err = located;
    }
    const { location, exact } = errorLocation(err, input);
    const where = location.line && !exact ? ' (in the code after the element on this line)' : '';
    throw new ContentError(`The MDX page failed to render${where}: ${(err as Error).message}`, location, { hint: 'Check the expressions and component props of the page.' });
  }
  // Positions would be offsets in the rendered HTML, not in the source: dropped so no message shows a wrong line.
  const parsed = fromHtml(html, { fragment: true });
  // React's markers (`<!-- -->` between text parts, `<!--$-->` around Suspense) are no content: MDX has no
  // HTML comments of its own, so every comment here is one of them. Islands keep theirs: hydration reads them.
  walk(parsed, (node) => {
    delete (node as { position?: unknown }).position;
    if (node.type === 'element' && (node as Element).properties[ISLAND_PROPERTY] !== undefined) return 'skip';
    const children = (node as { children?: { type: string }[] }).children;
    if (children?.some((c) => c.type === 'comment')) (node as { children: unknown[] }).children = children.filter((c) => c.type !== 'comment');
    return undefined;
  });
  // React 19 also opens the markup with resource hints of its own (`<link rel="preload" as="image">` for each
  // image): no content either, written before the page's first heading and with the image's path as written.
  parsed.children = parsed.children.filter((c) => c.type !== 'comment' && !(c.type === 'element' && c.tagName === 'link' && String(c.properties.rel ?? '').includes('preload')));
  const processor = unified();
  const sinks: PageSinks = { warnings, links, copies, missing: [], finals };
  usePageStages(processor, input, sinks);
  const tree = (await processor.run(parsed, { path: input.file } as unknown as VFile)) as HastRoot;
  const page = finishPage(tree, input, sinks);
  // The page's own CSS (its components' and CSS modules') travels with its HTML, so a page reached by client-side
  // navigation brings it too; after the page stages, which have no business in it.
  if (styles.size) page.html = `<style>${escapeStyle([...styles].join('\n'))}</style>${page.html}`;
  return islands.count ? { ...page, islands: islands.count, carriedCss: [...styleFiles], ...(islands.browser ? { islandCode: islands.browser } : {}) } : page;
}

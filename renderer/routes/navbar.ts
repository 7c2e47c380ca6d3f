// Resolves the configured navbar items for one locale into plain links the templates can render, and
// rejects items that point at docs, sidebars or versions that do not exist.
import { ConfigError } from '../errors.ts';
import { localize } from '../config/localize.ts';
import type { Localized, NavbarItemConfig } from '../config/schema.ts';
import type { NavItem, NavLinkItem } from '../shared/types.ts';
import { isExternalHref } from '../shared/urls.ts';

export interface NavbarContext {
  locale: string;
  localeBase: string;
  configFile: string;
  sidebarId: string;
  sidebarFirstLink?: string;
  /** First link of every sidebar by id, when more than the docs sidebar exist. */
  otherSidebars?: Map<string, string | undefined>;
  version: { name: string; label: string };
  docTitle: (docId: string) => string | undefined;
  hrefOfDoc: (docId: string) => string;
}

export function resolveLink(item: { to?: string; href?: string; label: Localized }, ctx: { locale: string; localeBase: string }): NavLinkItem {
  const label = localize(item.label, ctx.locale);
  if (item.href) return { label, href: item.href, external: isExternalHref(item.href) };
  const to = item.to ?? '';
  if (isExternalHref(to)) return { label, href: to, external: true };
  return { label, href: ctx.localeBase + to.replace(/^\/+/, ''), external: false };
}

export function resolveNavbar(items: NavbarItemConfig[], ctx: NavbarContext): NavItem[] {
  return items.map((item, index): NavItem => {
    const where = `themeConfig.navbar.items.${index} in ${ctx.configFile}`;
    switch (item.type) {
      case 'default': {
        const link = resolveLink(item, ctx);
        return { type: 'link', ...link, position: item.position, className: item.className, ariaLabel: localize(item['aria-label'], ctx.locale) };
      }
      case 'dropdown':
        return { type: 'dropdown', label: localize(item.label, ctx.locale), position: item.position, items: item.items.map((l) => resolveLink(l, ctx)) };
      case 'localeDropdown':
      case 'search':
        return { type: item.type, position: item.position };
      case 'html':
        return { type: 'html', value: item.value, position: item.position };
      case 'doc': {
        const title = ctx.docTitle(item.docId);
        if (title === undefined) throw new ConfigError(`The navbar item of type "doc" names the doc id "${item.docId}", which does not exist in locale "${ctx.locale}" (${where}).`, { hint: 'Use the path of a page below content/<locale>/ without ".md", e.g. "compute/ec2".' });
        return { type: 'link', label: localize(item.label, ctx.locale) ?? title, href: ctx.hrefOfDoc(item.docId), external: false, position: item.position };
      }
      case 'docSidebar': {
        const known = new Map<string, string | undefined>([...(ctx.otherSidebars ?? []), [ctx.sidebarId, ctx.sidebarFirstLink]]);
        if (!known.has(item.sidebarId)) throw new ConfigError(`The navbar item of type "docSidebar" names the sidebar "${item.sidebarId}", which does not exist (${where}).`, { hint: `Available sidebars: ${[...known.keys()].join(', ')}.` });
        const target = known.get(item.sidebarId);
        if (!target) throw new ConfigError(`The sidebar "${item.sidebarId}" has no link target: it contains no doc (${where}).`, { hint: 'Add a page that is not marked `sidebar: false`.' });
        return { type: 'link', label: localize(item.label, ctx.locale), href: target, external: false, position: item.position };
      }
      case 'docsVersion': {
        if (!ctx.sidebarFirstLink) throw new ConfigError(`The navbar item of type "docsVersion" has no link target: the docs sidebar is empty (${where}).`);
        return { type: 'docsVersion', label: localize(item.label, ctx.locale) ?? ctx.version.label, href: ctx.sidebarFirstLink, position: item.position };
      }
      case 'docsVersionDropdown': {
        const names = item.versions ?? [ctx.version.name];
        for (const name of names) {
          if (name !== ctx.version.name) throw new ConfigError(`The docs version dropdown names the version "${name}", which does not exist (${where}).`, { hint: `Available versions: ${ctx.version.name}.` });
        }
        if (!ctx.sidebarFirstLink) throw new ConfigError(`The navbar item of type "docsVersionDropdown" has no link target: the docs sidebar is empty (${where}).`);
        return { type: 'docsVersionDropdown', position: item.position, versions: names.map((name) => ({ name, label: ctx.version.label, href: ctx.sidebarFirstLink! })) };
      }
    }
  });
}

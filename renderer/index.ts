// The package's public entry (`import { defineConfig } from 'cheatsheet'` in a site's site.config.ts). Kept to
// what a config needs: the CLI is the rest of the interface.
export { defineConfig, publishedLocation } from './config/define.ts';
export type { SiteConfigInput, Localized, NavbarItemConfig, SidebarItemConfig } from './config/schema.ts';

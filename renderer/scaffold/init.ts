// `cheatsheet init <dir>`: a minimal site that builds at once — site.config.ts importing the package, one page
// per locale, a README saying what to do next, and (when the folder has none) a package.json depending on
// cheatsheet. It never overwrites: an existing file is an error naming it, and nothing is written then.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { UserError } from '../errors.ts';
import { packageRoot } from '../paths.ts';
import { cheatsheetInstallSpec } from './install-spec.ts';

export interface InitOptions {
  /** Locale codes; the first is the source language translations are written from. */
  locales: string[];
  title: string;
  /** The npm spec package.json gives for cheatsheet (--cheatsheet): default, the running one (install-spec.ts). */
  cheatsheet?: string;
}

const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** The language's own name for itself ("Português (Brasil)"), as a locale menu shows it. */
function nativeName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

function configSource(opts: InitOptions): string {
  const [source] = opts.locales;
  const localeConfigs = Object.fromEntries(opts.locales.map((l) => [l, { label: nativeName(l), htmlLang: l, path: l }]));
  const config = {
    title: opts.title,
    tagline: 'Notes worth keeping at hand',
    favicon: 'img/favicon.svg',
    url: 'https://example.com',
    baseUrl: '/',
    // Pages as docs/intro.html, served at docs/intro: what GitHub Pages, Netlify and `serve` expect.
    trailingSlash: false,
    repoUrl: 'https://github.com/example/my-site',
    ebook: { title: 'Further reading', href: 'https://example.com/further-reading' },
    i18n: { defaultLocale: source, sourceLocale: source, locales: opts.locales, localeConfigs },
    themeConfig: {
      navbar: { title: opts.title, items: [{ type: 'docSidebar', sidebarId: 'tutorialSidebar', label: 'Docs' }, ...(opts.locales.length > 1 ? [{ type: 'localeDropdown', position: 'right' }] : [])] },
      footer: { copyright: `Copyright © ${new Date().getFullYear()} ${opts.title}` },
    },
  };
  return configModule(config, `Every option: see cheatsheet's README ("Configuration").`);
}

/** site.config.ts for a config object: the package's defineConfig, keys unquoted where they can be. */
export function configModule(config: object, comment: string): string {
  const body = JSON.stringify(config, null, 2).replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, '$1$2:');
  return `import { defineConfig } from 'cheatsheet';\n\n// ${comment}\nexport default defineConfig(${body});\n`;
}

function firstPage(locale: string, source: string): string {
  const note = locale === source ? 'This is the source language: other locales translate from these pages.' : `This page translates content/${source}/intro.md.`;
  return `---\ntitle: Introduction\nsidebar_position: 1\n---\n\n## Start here\n\nWrite your first page in Markdown. ${note}\n\n## Next steps\n\nAdd pages with \`npx cheatsheet new-page <category>/<slug> --title "…"\`.\n`;
}

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#2e6bd1"/><path d="M9 10h14v3H9zm0 5h14v3H9zm0 5h9v3H9z" fill="#fff"/></svg>\n`;

function readme(opts: InitOptions): string {
  const list = opts.locales.map((l) => `- \`content/${l}/\` — ${nativeName(l)}`).join('\n');
  return `# ${opts.title}\n\nA documentation site built with [cheatsheet](https://www.npmjs.com/package/cheatsheet).\n\n## Run it\n\n\`\`\`sh\nnpm install\nnpx cheatsheet serve   # preview at http://127.0.0.1:3000/ with live reload\nnpx cheatsheet build   # the static site, into build/\nnpx cheatsheet check   # links, front matter and translations\n\`\`\`\n\n## Where things are\n\n- \`site.config.ts\` — title, URL, locales, navbar and footer\n${list}\n- \`static/\` — files copied as they are (favicon, images)\n\nDeploy by publishing \`build/\` to any static host (GitHub Pages, Netlify, S3).\n`;
}

/** A package.json depending on this cheatsheet, for a folder that has none (undefined when it has one). */
export function sitePackageJson(dir: string, cheatsheet: string): string | undefined {
  if (existsSync(join(dir, 'package.json'))) return undefined;
  const name = basename(dir).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+/, '') || 'my-site';
  const pkg = { name, private: true, type: 'module', scripts: { start: 'cheatsheet serve', build: 'cheatsheet build', check: 'cheatsheet check' }, dependencies: { cheatsheet } };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/**
 * The theme's UI strings exist in a few languages (the package's i18n/). A site with another locale gets its
 * own i18n/ folder (which then replaces the package's whole): the package's files where they exist, English
 * for the others, to translate. Empty when the package covers every locale.
 */
export function uiStringFiles(locales: string[]): { files: Map<string, string>; untranslated: string[] } {
  const dir = join(packageRoot(), 'i18n');
  const has = (l: string) => existsSync(join(dir, `${l}.json`));
  const files = new Map<string, string>();
  const untranslated = locales.filter((l) => !has(l));
  if (!untranslated.length) return { files, untranslated };
  for (const l of locales) files.set(`i18n/${l}.json`, readFileSync(join(dir, `${has(l) ? l : 'en'}.json`), 'utf8'));
  return { files, untranslated };
}

export interface InitResult {
  dir: string;
  written: string[];
}

export function initSite(dirArg: string, opts: InitOptions): InitResult {
  const dir = resolve(dirArg);
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UserError('usage', `${dirArg} is a file, not a folder.`, { hint: 'Give the folder the new site goes in.' });
  if (opts.locales.length === 0) throw new UserError('usage', 'No locale given.', { hint: 'Pass --locales en, or several: --locales en,pt-BR.' });
  const bad = opts.locales.find((l) => !LOCALE.test(l));
  if (bad) throw new UserError('usage', `"${bad}" is not a locale code.`, { hint: 'Use BCP 47 codes such as en, pt-BR, es.' });
  const source = opts.locales[0]!;
  const files = new Map<string, string>([
    ['site.config.ts', configSource(opts)],
    ...opts.locales.map((l): [string, string] => [`content/${l}/intro.md`, firstPage(l, source)]),
    ['static/img/favicon.svg', FAVICON],
    ['README.md', readme(opts)],
    ...uiStringFiles(opts.locales).files,
  ]);
  const pkg = sitePackageJson(dir, cheatsheetInstallSpec(opts.cheatsheet).spec);
  if (pkg) files.set('package.json', pkg);
  if (!existsSync(join(dir, '.gitignore'))) files.set('.gitignore', 'node_modules/\nbuild/\n.cheatsheet-cache/\n');
  const clash = [...files.keys()].filter((f) => existsSync(join(dir, f)));
  if (clash.length) {
    throw new UserError('usage', `${relative(process.cwd(), dir) || '.'} already holds ${clash.join(', ')}: init never overwrites a file.`, { hint: 'Pick an empty folder, or move those files away first.' });
  }
  for (const [rel, text] of files) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return { dir, written: [...files.keys()] };
}

// The cheatsheet command line: one thin file per command (flags → renderer API → exit code). Commands are
// imported when run, so `build` does not load the dev server, the watcher or the Algolia client.
import { Command } from 'commander';
import { VERSION } from '../renderer/version.ts';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UserError } from '../renderer/errors.ts';
import { type BuildOptions, CONFIG_DEFAULT, OUT_DIR_DEFAULT } from './build-action.ts';
import { raiseJitThreshold } from './jit.ts';
import { formatError, runCommand } from './report.ts';

raiseJitThreshold();

const program = new Command();
program
  .name('cheatsheet')
  .description('Build, preview and maintain the multilingual AWS cheat sheet (a static site rendered with React).')
  .version(VERSION, '-V, --version', 'print the version of cheatsheet')
  .option('--root <dir>', 'folder that holds site.config.ts and content/', process.cwd())
  .option('--config <file>', 'configuration file, relative to --root', CONFIG_DEFAULT)
  .showHelpAfterError()
  // Every command reads the site from --root: a mistyped folder is named once here, not as a missing config.
  .hook('preAction', (cmd) => {
    const root = cmd.opts<{ root: string }>().root;
    let isDir = false;
    try {
      isDir = statSync(root).isDirectory();
    } catch {
      isDir = false;
    }
    if (!isDir) {
      process.stderr.write(`${formatError(new UserError('usage', `--root ${root}: no such folder.`, { hint: 'Give the folder that holds site.config.ts and content/.' }))}\n`);
      process.exit(1);
    }
    cmd.setOptionValue('root', resolve(root));
  });

program
  .command('init')
  .summary('create a minimal site (config, one page per locale, README) that builds at once')
  .argument('[dir]', 'folder for the new site (created when missing)', '.')
  .option('--locales <codes>', 'comma-separated locale codes; the first is the source language', 'en')
  .option('--title <title>', 'site title', 'My Docs')
  .option('--cheatsheet <spec>', 'what the new package.json installs as cheatsheet: a tarball, folder or npm spec (default: the cheatsheet running this command)')
  .addHelpText('after', '\nExample:\n  cheatsheet init my-docs --locales en,pt-BR && cd my-docs && npm i && npx cheatsheet build\nIt never overwrites a file: an existing one is an error that names it.')
  .action(async (dir: string, opts: { locales: string; title: string; cheatsheet?: string }) => {
    process.exitCode = await runCommand(async () => (await import('./init.ts')).initCommand({ dir, ...opts }));
  });

program
  .command('import')
  .summary('turn a Docusaurus 3 site into a cheatsheet site (the original is only read)')
  .argument('<docusaurus-folder>', 'folder holding docusaurus.config.js or .ts')
  .option('--out <folder>', 'where the new site goes (default: <folder>-cheatsheet in the current folder)')
  .option('--cheatsheet <spec>', 'what the new package.json installs as cheatsheet: a tarball, folder or npm spec (default: the cheatsheet running this command)')
  .addHelpText('after', '\nExample:\n  cheatsheet import ../my-docusaurus-site --out ../my-site && cd ../my-site && npm i && npx cheatsheet build\nWhat has no equivalent (blog, custom pages, swizzled components, plugins) is listed in IMPORT-REPORT.md.')
  .action(async (dir: string, opts: { out?: string; cheatsheet?: string }) => {
    process.exitCode = await runCommand(async () => (await import('./import.ts')).importCommand({ dir, ...opts }));
  });

program
  .command('build')
  .description('Build every page of every locale into the output folder (replaced only when the build succeeds).')
  .option('--out-dir <dir>', 'output folder', OUT_DIR_DEFAULT)
  .option('--no-minify', 'keep the browser JavaScript readable')
  .option('--threads <n>', 'threads for the content and render stages, this one included: 1 to 64 (default: by the site\'s size and the cores, or CHEATSHEET_THREADS; 1 = no worker thread)')
  .option('--strict', 'fail on unknown front-matter and _category_ keys instead of warning', false)
  .option('--no-cache', 'build everything afresh: neither read nor write the build cache (.cheatsheet-cache/ in --root)')
  .action(async (opts: BuildOptions) => {
    const g = program.opts<{ root: string; config: string }>();
    process.exitCode = await runCommand(async () => (await import('./build-action.ts')).runBuild(new URL(import.meta.url), g, opts));
  });

program
  .command('serve')
  .summary('preview the site with live reload while you edit (--no-watch: serve build/ as is)')
  .description('Preview the site while you edit it: builds every locale in memory, serves it at http://127.0.0.1:3000/<baseUrl>/ (pt-BR and es under their own prefix) and reloads the open browser page when you save a file. Errors show in the browser and here; the server keeps running.')
  .option('--out-dir <dir>', 'with --no-watch: the built folder to serve', 'build')
  .option('-p, --port <port>', 'port to listen on (0: any free port)', '3000')
  .option('--host <host>', 'interface to listen on; give 0.0.0.0 only if other machines should reach it', '127.0.0.1')
  .option('--no-watch', 'serve an existing build/ exactly as a static host would (no rebuilds, no reload script)')
  .option('--open', 'open the site in your browser', false)
  .addHelpText('after', '\nExamples:\n  cheatsheet serve                  edit content/ and watch the browser follow\n  cheatsheet serve --port 8080 --open\n  cheatsheet build && cheatsheet serve --no-watch   preview the production build')
  .action(async (opts: { outDir: string; port: string; host: string; watch: boolean; open: boolean }) => {
    const g = program.opts<{ root: string; config: string }>();
    process.exitCode = await runCommand(async () => (await import('./serve.ts')).serveCommand({ root: g.root, config: g.config, ...opts }));
  });

program
  .command('new-page')
  .summary('create a page in every locale with the service-page outline')
  .argument('[category/slug]', 'where the page goes, e.g. compute/ec2-spot (asked for when run in a terminal)')
  .description('Create a new service page in every locale (content/<locale>/<category>/<slug>.md) with valid front matter and the translated section headings, placed after the last page of its category.')
  .option('--title <title>', 'page title: the official service name, e.g. "Amazon EC2 Spot Instances"')
  .option('--no-sidebar', 'leave the page out of the sidebar (front matter sidebar: false)')
  .option('--position <n>', 'sidebar position (default: after the last page of the category)')
  .option('--new-category <label>', 'create the category too, with this label (written to _category_.json in every locale)')
  .addHelpText('after', '\nExample:\n  cheatsheet new-page compute/ec2-spot --title "Amazon EC2 Spot Instances"\nIt never overwrites a file: an existing page is an error that names it.')
  .action(async (id: string | undefined, opts: { title?: string; sidebar: boolean; position?: string; newCategory?: string }) => {
    const g = program.opts<{ root: string; config: string }>();
    process.exitCode = await runCommand(async () => (await import('./new-page.ts')).newPageCommand({ root: g.root, config: g.config, id, ...opts }));
  });

program
  .command('check')
  .summary('check links, front matter and translations without writing anything')
  .description('Check the site without writing anything: config, front matter, Markdown, links and anchors (broken links always fail here), plus translations: pages missing in a locale, translations older than their pt-BR source and section headings that do not follow the source.')
  .option('--format <format>', 'text (for people) or json (for CI and scripts)', 'text')
  .option('--strict', 'also fail on stale translations, on pages without sources or due for verification, and on unknown front-matter and _category_ keys', false)
  .option('--max-age <months>', 'report pages whose last_verified is older than this (default: check.verifiedMaxAgeMonths in the config, 12)')
  .addHelpText('after', '\nExit code: 0 when everything is fine, 1 when something is wrong.\nA translation is stale when its front matter has a source_hash that no longer matches the pt-BR page,\nor (without source_hash) when git shows the pt-BR page changed after it.\nWith check.sources in the config, every page but the exceptions must end with a sources section of enough links\nand carry last_verified: YYYY-MM-DD; a page verified longer ago than --max-age months is reported.')
  .action(async (opts: { format: string; strict: boolean; maxAge?: string }) => {
    const g = program.opts<{ root: string; config: string }>();
    process.exitCode = await runCommand(async () => (await import('./check.ts')).checkCommand({ root: g.root, config: g.config, ...opts }));
  });

const search = program.command('search').description('Maintain the search index hosted on Algolia (the default local index needs nothing).');
search
  .command('push')
  .summary('upload the search records to Algolia (replaceAllObjects) and set the index settings')
  .description(
    'Build the records of every locale (one per page section, DocSearch-shaped) and replace every record of themeConfig.algolia.indexName with them, then set the index settings (facets language and docusaurus_tag, attributes searchable by hierarchy). The admin API key is read from the ALGOLIA_ADMIN_API_KEY environment variable, never from the config file.',
  )
  .option('--dry-run', 'build and count the records and show what would be sent, without sending anything', false)
  .addHelpText('after', '\nExample:\n  ALGOLIA_ADMIN_API_KEY=… cheatsheet search push\n  cheatsheet search push --dry-run')
  .action(async (opts: { dryRun: boolean }) => {
    const g = program.opts<{ root: string; config: string }>();
    process.exitCode = await runCommand(async () => (await import('./search-push.ts')).searchPushCommand({ root: g.root, config: g.config, dryRun: opts.dryRun }));
  });

await program.parseAsync(process.argv);

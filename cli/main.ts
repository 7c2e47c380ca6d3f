// The cheatsheet command line: one thin file per command (flags → renderer API → exit code).
import { Command } from 'commander';
import { buildCommand } from './build.ts';
import { runCommand } from './report.ts';
import { serveCommand } from './serve.ts';

const program = new Command();
program
  .name('cheatsheet')
  .description('Build, preview and maintain the multilingual AWS cheat sheet (a static site rendered with React).')
  .option('--root <dir>', 'folder that holds site.config.ts and content/', process.cwd())
  .option('--config <file>', 'configuration file, relative to --root', 'site.config.ts')
  .showHelpAfterError();

program
  .command('build')
  .description('Build every page of every locale into the output folder (replaced only when the build succeeds).')
  .option('--out-dir <dir>', 'output folder', 'build')
  .option('--no-minify', 'keep the browser JavaScript readable')
  .option('--threads <n>', 'worker threads for Markdown processing (default: 2)')
  .action(async (opts: { outDir: string; minify: boolean; threads?: string }) => {
    const g = program.opts<{ root: string; config: string }>();
    process.exitCode = await runCommand(() => buildCommand({ root: g.root, config: g.config, ...opts }));
  });

program
  .command('serve')
  .description('Serve the site on http://127.0.0.1:3000/<baseUrl>/.')
  .option('--out-dir <dir>', 'output folder to serve', 'build')
  .option('-p, --port <port>', 'port to listen on', '3000')
  .option('--host <host>', 'interface to listen on (other than loopback only when you ask)', '127.0.0.1')
  .option('--no-watch', 'serve the existing build/ as a static host would, without rebuilding')
  .option('--open', 'open the site in a browser', false)
  .action(async (opts: { outDir: string; port: string; host: string; watch: boolean; open: boolean }) => {
    const g = program.opts<{ root: string; config: string }>();
    process.exitCode = await runCommand(() => serveCommand({ root: g.root, config: g.config, ...opts }));
  });

await program.parseAsync(process.argv);

// `cheatsheet init [dir]`: flags → renderer/scaffold/init.ts, then the commands that run the new site.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { initSite } from '../renderer/scaffold/init.ts';

export async function initCommand(flags: { dir: string; locales: string; title: string; cheatsheet?: string }): Promise<number> {
  const { dir, written } = initSite(flags.dir, { locales: flags.locales.split(',').map((l) => l.trim()).filter(Boolean), title: flags.title, cheatsheet: flags.cheatsheet });
  const rel = relative(process.cwd(), dir);
  const shown = rel.startsWith('..') ? dir : rel || '.';
  process.stdout.write(`Created a site in ${shown}:\n${written.map((f) => `  ${f}`).join('\n')}\n\nNext:\n`);
  // Installed already when cheatsheet was installed into that folder (npm i cheatsheet, then init .).
  const installed = existsSync(join(dir, 'node_modules', 'cheatsheet'));
  const cd = shown === '.' ? '' : `cd ${shown} && `;
  process.stdout.write(`  ${cd}${installed ? '' : 'npm i && '}npx cheatsheet build\n  ${cd}npx cheatsheet serve\n`);
  return 0;
}

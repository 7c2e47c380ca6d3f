// `cheatsheet import <docusaurus-folder> [--out <folder>]`: renderer/import/ does the work; this prints the
// report (also written to IMPORT-REPORT.md), which ends with the commands that run the new site.
import { importDocusaurus } from '../renderer/import/import-site.ts';

export async function importCommand(flags: { dir: string; out?: string; cheatsheet?: string }): Promise<number> {
  const { report } = await importDocusaurus(flags.dir, flags.out, flags.cheatsheet);
  process.stdout.write(report);
  return 0;
}

// `cheatsheet check`: flags → renderer/check → report (text or JSON) and exit code.
import { formatReport } from '../renderer/check/format.ts';
import { runCheck } from '../renderer/check/run-check.ts';
import { UserError } from '../renderer/errors.ts';

export interface CheckFlags {
  root: string;
  config?: string;
  format: string;
  strict: boolean;
  maxAge?: string;
}

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: string) => (s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);

export async function checkCommand(flags: CheckFlags): Promise<number> {
  if (flags.format !== 'text' && flags.format !== 'json') throw new UserError('check', `Unknown format "${flags.format}".`, { hint: 'Use --format text (the default) or --format json.' });
  const maxAgeMonths = flags.maxAge === undefined ? undefined : Number(flags.maxAge);
  if (maxAgeMonths !== undefined && !(Number.isInteger(maxAgeMonths) && maxAgeMonths >= 1)) {
    throw new UserError('check', `--max-age must be a whole number of months, 1 or more (got "${flags.maxAge}").`, { hint: 'For example: cheatsheet check --max-age 6' });
  }
  const report = await runCheck({ root: flags.root, configFile: flags.config, strict: flags.strict, maxAgeMonths });
  if (flags.format === 'json') process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else process.stdout.write(formatReport(report, { red: paint('31'), yellow: paint('33'), green: paint('32'), bold: paint('1') }));
  return report.ok ? 0 : 1;
}

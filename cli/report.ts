// How the CLI speaks: user errors as plain lines (no stack), exit code 1; anything else is a bug.
import { formatLocation, isUserError, type UserError } from '../renderer/errors.ts';
import { fileSystemError } from '../renderer/fs-errors.ts';
import { stderrIsTTY } from './terminal.ts';

const useColor = stderrIsTTY() && !process.env.NO_COLOR;
const red = (s: string) => (useColor ? `\x1b[31m${s}\x1b[0m` : s);
const yellow = (s: string) => (useColor ? `\x1b[33m${s}\x1b[0m` : s);
const dim = (s: string) => (useColor ? `\x1b[2m${s}\x1b[0m` : s);

export function formatError(err: UserError): string {
  const where = formatLocation(err.location);
  const lines = [`${red('error')} ${where ? `${where}: ` : ''}${err.message}`];
  for (const d of err.details) lines.push(`  ${d.replace(/\n/g, '\n  ')}`);
  if (err.hint) lines.push(dim(`  ${err.hint.replace(/\n/g, '\n  ')}`));
  return lines.join('\n');
}

export function printWarning(text: string): void {
  process.stderr.write(`${yellow('warning')} ${text}\n`);
}

/** Runs a command; returns the process exit code. */
export async function runCommand(fn: () => Promise<number | void>): Promise<number> {
  try {
    return (await fn()) ?? 0;
  } catch (thrown) {
    // A file-system call that failed where no stage named the file (a folder it cannot write, a full
    // disk) is still the user's to fix, and the path says where.
    const err = fileSystemError(thrown) ?? thrown;
    if (isUserError(err)) {
      process.stderr.write(`${formatError(err)}\n`);
      return 1;
    }
    process.stderr.write(`${red('internal error')} (a bug in cheatsheet; please report it):\n${(err as Error)?.stack ?? String(err)}\n`);
    return 2;
  }
}

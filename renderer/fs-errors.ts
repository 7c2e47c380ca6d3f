// File-system failures a user can cause or fix (a file they cannot read, a disk that is full), told as a
// sentence with the path instead of an "internal error" with a stack.
import { UserError } from './errors.ts';

const REASONS: Record<string, [reason: string, fix: string]> = {
  EACCES: ['permission denied', 'Give the user running cheatsheet the right to read it (or write, for the output).'],
  EPERM: ['operation not permitted', 'Give the user running cheatsheet the right to read it (or write, for the output).'],
  ENOENT: ['it does not exist', 'Check the path.'],
  ENOTDIR: ['a part of the path is a file, not a folder', 'Check the path.'],
  EISDIR: ['it is a folder, not a file', 'Check the path.'],
  ELOOP: ['too many levels of symbolic links (a link that points back at itself)', 'Fix or remove the link.'],
  ENAMETOOLONG: ['the name is too long for the file system', 'Use a shorter name.'],
  ENOSPC: ['no space left on the disk', 'Free some space and try again.'],
  EDQUOT: ['disk quota exceeded', 'Free some space and try again.'],
  EROFS: ['the file system is read-only', 'Write the output somewhere writable (--out-dir).'],
  EIO: ['the disk reported a read or write error', 'Check the disk.'],
  EMFILE: ['too many open files', 'Raise the limit of open files (ulimit -n) and try again.'],
};

export function isErrnoError(err: unknown): err is NodeJS.ErrnoException {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string' && typeof (err as NodeJS.ErrnoException).syscall === 'string';
}

/** What went wrong, in words, for an errno error (`permission denied (EACCES)`). */
export function reasonOf(err: NodeJS.ErrnoException): string {
  const known = REASONS[err.code ?? ''];
  return known ? `${known[0]} (${err.code})` : err.message;
}

/**
 * A UserError for a failed file-system call on `shown` (the path as the user knows it), or undefined when
 * `err` is not one. `action` says what cheatsheet was doing: "read", "list", "write".
 */
export function fileSystemError(err: unknown, shown?: string, action?: string): UserError | undefined {
  if (!isErrnoError(err)) return undefined;
  const path = shown ?? err.path ?? (err as { dest?: string }).dest;
  const doing = action ?? ({ open: 'open', read: 'read', scandir: 'list the folder', opendir: 'list the folder', mkdir: 'create the folder', rename: 'rename', unlink: 'remove', rmdir: 'remove', copyfile: 'copy', write: 'write', stat: 'look at', lstat: 'look at', realpath: 'follow', link: 'create' } as Record<string, string>)[err.syscall ?? ''] ?? err.syscall;
  const fix = REASONS[err.code ?? '']?.[1];
  return new UserError('file-system', `Cannot ${doing} ${path ?? 'a file'}: ${reasonOf(err)}.`, { hint: fix, cause: err });
}

// Errors a user can cause. The CLI prints them as plain lines (no stack) and exits 1.
// Anything that is not a UserError is a bug in cheatsheet and is printed with its stack.

export interface ErrorLocation {
  file: string;
  line?: number;
  column?: number;
}

export class UserError extends Error {
  readonly kind: string;
  /** Extra lines printed under the message (one per location for multi-location checks). */
  readonly details: string[];
  readonly hint?: string;
  readonly location?: ErrorLocation;

  constructor(kind: string, message: string, opts: { details?: string[]; hint?: string; location?: ErrorLocation; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'UserError';
    this.kind = kind;
    this.details = opts.details ?? [];
    this.hint = opts.hint;
    this.location = opts.location;
  }
}

export class ConfigError extends UserError {
  constructor(message: string, opts: ConstructorParameters<typeof UserError>[2] = {}) {
    super('config', message, opts);
  }
}

export class ContentError extends UserError {
  constructor(message: string, location: ErrorLocation, opts: Omit<ConstructorParameters<typeof UserError>[2], 'location'> = {}) {
    super('content', message, { ...opts, location });
  }
}

export class TemplateError extends UserError {
  constructor(message: string, opts: ConstructorParameters<typeof UserError>[2] = {}) {
    super('template', message, opts);
  }
}

/** Several content errors at once: a check that fails lists every location, not just the first. */
export class AggregateUserError extends UserError {
  readonly errors: UserError[];
  constructor(errors: UserError[]) {
    super('aggregate', `${errors.length} problems found:`, { details: errors.map(formatUserError) });
    this.errors = errors;
  }
}

export function formatLocation(loc: ErrorLocation | undefined): string {
  if (!loc) return '';
  return loc.line ? `${loc.file}:${loc.line}${loc.column ? `:${loc.column}` : ''}` : loc.file;
}

export function formatUserError(err: UserError): string {
  const where = formatLocation(err.location);
  return where ? `${where}: ${err.message}` : err.message;
}

export function isUserError(err: unknown): err is UserError {
  return err instanceof UserError;
}

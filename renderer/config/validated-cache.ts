// The validated config, kept in the build cache's folder: validating it meant building zod's schemas of the
// config and running them on every build, for a config that rarely changes (a quiet one-page build's config
// phase: 15–23 ms before, 2–7 ms with this entry; ARCHITECTURE.md). Keyed by what validation reads — the
// config's export as text (import-config.ts: plain data only; a config with a function in it is validated
// every time) — and by the pipeline key (the generator's code, the schema's included). The config module is
// still imported every build: its export is the key.
// Like the rest of the cache, only ever a shortcut: a missing, damaged or stale entry means validating, so a
// bad config gives the same messages it always did (it is never kept).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { SiteConfig } from './validate.ts';

/** Bumped when the entry's layout changes (a change of validation changes the pipeline key). */
const FORMAT = 1;

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const SUM_LENGTH = 64;

interface Entry {
  key: string;
  config: SiteConfig;
}

export class ValidatedConfigCache {
  private readonly file: string;
  private pending: Buffer | undefined;

  /** `configPath`: the config file's absolute path; it names the entry (one per config, like compile-cache). */
  constructor(
    cacheDir: string,
    private readonly pipeline: string,
    configPath: string,
  ) {
    this.file = join(cacheDir, 'config', `validated-${sha256(configPath).slice(0, 24)}.bin`);
  }

  private keyOf(exportKey: string): string {
    return sha256(`${FORMAT}\0${this.pipeline}\0${exportKey}`);
  }

  /** The config validated from this very export by a build of the same code, if one was kept. */
  get(exportKey: string): SiteConfig | undefined {
    try {
      // The payload after the hex SHA-256 of it: a damaged file is told from a good one before it is read.
      const bytes = readFileSync(this.file);
      const payload = bytes.subarray(SUM_LENGTH);
      if (bytes.toString('latin1', 0, SUM_LENGTH) !== sha256(payload)) return undefined;
      // V8's serializer, not JSON: the validated config keeps properties whose value is undefined.
      const entry = deserialize(payload) as Partial<Entry> | null;
      if (entry?.key !== this.keyOf(exportKey) || typeof entry.config !== 'object' || entry.config === null) return undefined;
      return entry.config;
    } catch {
      return undefined;
    }
  }

  /** Kept by keep(), once the build has succeeded; serialized now, as validated (the build may add to it). */
  remember(exportKey: string, config: SiteConfig): void {
    try {
      const entry: Entry = { key: this.keyOf(exportKey), config };
      const payload = serialize(entry);
      this.pending = Buffer.concat([Buffer.from(sha256(payload), 'latin1'), payload]);
    } catch {
      this.pending = undefined; // Something V8 cannot copy: validated again next time.
    }
  }

  /** Written whole or not at all (a temporary file renamed); a cache that cannot be written is no error. */
  keep(): void {
    if (!this.pending) return;
    const tmp = `${this.file}.tmp-${process.pid}`;
    try {
      mkdirSync(join(this.file, '..'), { recursive: true });
      writeFileSync(tmp, this.pending);
      renameSync(tmp, this.file);
    } catch {
      try {
        rmSync(tmp, { force: true });
      } catch {
        // Not even a folder to clean (the cache's place holds a file): nothing was written.
      }
    }
    this.pending = undefined;
  }
}

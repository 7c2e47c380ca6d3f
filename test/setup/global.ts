// Builds the real site once for the whole run (browser and output tests read it) and makes sure a
// Chromium is there for the browser tests. Each run builds into its own temporary folder, so two test
// runs at once (CI, or several people in one tree) never pull the site from under each other.
import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../../renderer/build.ts';
import { findChromium } from '../helpers/chromium.ts';

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'cheatsheet-site-'));
  const siteBuild = join(dir, 'build');
  await build({ root: process.cwd(), outDir: siteBuild });
  project.provide('siteBuild', siteBuild);
  project.provide('chromium', findChromium());
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteBuild: string;
    chromium: string;
  }
}

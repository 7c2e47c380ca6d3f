// Builds the real site once for the whole run (browser and output tests read it) and makes sure a
// Chromium is there for the browser tests.
import type { TestProject } from 'vitest/node';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../../renderer/build.ts';
import { findChromium } from '../helpers/chromium.ts';

export const SITE_BUILD = join(process.cwd(), 'test', '.tmp', 'site-build');

export default async function setup(project: TestProject) {
  mkdirSync(join(process.cwd(), 'test', '.tmp'), { recursive: true });
  rmSync(SITE_BUILD, { recursive: true, force: true });
  await build({ root: process.cwd(), outDir: SITE_BUILD });
  project.provide('siteBuild', SITE_BUILD);
  project.provide('chromium', findChromium());
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteBuild: string;
    chromium: string;
  }
}

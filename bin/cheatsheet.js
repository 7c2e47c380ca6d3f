#!/usr/bin/env node
// React picks its development build (several times slower) unless NODE_ENV says otherwise, and it decides
// when it first loads: this has to run before any module of the CLI (the MDX renderer loads React at once).
process.env.NODE_ENV ??= 'production';
// A plain `build` starts (a cold one on its thread) before the CLI's modules load (cli/cold-start.ts says why).
const { startPlainBuild } = await import('../dist/cold-start.js');
if (!(await startPlainBuild(new URL('../dist/cold-thread.js', import.meta.url), process.argv.slice(2)))) await import('../dist/cli.js');

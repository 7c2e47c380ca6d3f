#!/usr/bin/env node
// React picks its development build (several times slower) unless NODE_ENV says otherwise, and it decides
// when it first loads: this has to run before any module of the CLI (the MDX renderer loads React at once).
process.env.NODE_ENV ??= 'production';
// A cold `build` starts its thread before the CLI's modules load on this one (cli/cold-start.ts says why).
const { startColdBuild } = await import('../dist/cold-start.js');
if (!(await startColdBuild(new URL('../dist/cold-thread.js', import.meta.url), process.argv.slice(2)))) await import('../dist/cli.js');

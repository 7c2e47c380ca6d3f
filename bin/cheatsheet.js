#!/usr/bin/env node
// React picks its development build (several times slower) unless NODE_ENV says otherwise, and it decides
// when it first loads: this has to run before any module of the CLI (the MDX renderer loads React at once).
process.env.NODE_ENV ??= 'production';
await import('../dist/cli.js');

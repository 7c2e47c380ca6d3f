// The build thread of a cold `build` that bin/ started before the CLI loaded (cli/cold-start.ts): its
// arguments read as there, then the build's action, without the CLI's parser (commander, 135 KB with every
// command's definition). Arguments it cannot read (none, since the main thread read the same) go to the CLI.
import { runBuild } from './build-action.ts';
import { plainBuild } from './cold-start.ts';
import { raiseJitThreshold } from './jit.ts';
import { runCommand } from './report.ts';

raiseJitThreshold();
const plain = plainBuild(process.argv.slice(2));
if (plain) process.exitCode = await runCommand(() => runBuild(new URL(import.meta.url), plain.site, plain.build));
else await import('./main.ts');

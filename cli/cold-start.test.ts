// bin/ starts a cold `build` before the CLI loads (cli/cold-start.ts) only for arguments it reads as the CLI's
// parser does; anything else is the CLI's. The build's behaviour on that path (output, errors, exit codes) is
// test/build-thread.test.ts's; that the CLI's modules stay unloaded is test/startup.test.ts's.
import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULT, OUT_DIR_DEFAULT } from './build-action.ts';
import { plainBuildArgs } from './cold-start.ts';

const defaults = { site: { root: '/cwd', config: CONFIG_DEFAULT }, build: { outDir: OUT_DIR_DEFAULT, minify: true, strict: false, cache: true } };
const read = (...args: string[]) => plainBuildArgs(args, '/cwd');

describe('the arguments of a plain build', () => {
  it('gives the CLI parser\'s defaults for `build` alone', () => {
    expect(read('build')).toEqual(defaults);
  });

  it('reads every option of build and of the program, before or after the command, with = or not', () => {
    expect(read('--root', 'site', 'build', '--out-dir=out', '--no-minify', '--threads', '3', '--strict', '--no-cache', '--config=c.ts')).toEqual({
      site: { root: 'site', config: 'c.ts' },
      build: { outDir: 'out', minify: false, strict: true, cache: false, threads: '3' },
    });
    expect(read('build', '--root=a', '--root', 'b')?.site.root, 'the last one given wins, as in the parser').toBe('b');
  });

  it('leaves anything else to the CLI: other commands, help, unknown options, missing values, extra arguments', () => {
    for (const args of [[], ['serve'], ['build', '--help'], ['-V'], ['build', '-h'], ['build', '--cache'], ['build', '--minify'], ['build', '--out-dir'], ['build', '--out-dir', '--strict'], ['build', '--threads='], ['build', '--strict=yes'], ['build', 'extra'], ['check', 'build'], ['build', '--']]) {
      expect(read(...args), args.join(' ')).toBeUndefined();
    }
  });
});

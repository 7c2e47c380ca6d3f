// What a build may read and publish: symlinks that leave the project, anything that is not a regular file,
// dangling and looping links, names that collide on macOS and Windows or that a URL cannot carry, and
// files the build is not allowed to read. Each is one clear error naming the path, exit code 1, and the
// previous output stays exactly as it was.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServe } from './helpers/dev-server.ts';
import { makeSite, minimalContent, page, REPO, runCli, type CliResult } from './helpers/fixture-site.ts';
import { expectUserError, snapshot } from './helpers/user-error.ts';

/** A fixture built once (the output to keep), then broken by `mutate` and built again. */
function breakBuiltSite(mutate: (root: string) => void, files: Record<string, string> = {}): { root: string; r: CliResult } {
  const root = makeSite({ ...minimalContent, 'static/img/logo.svg': '<svg/>', ...files });
  const first = runCli(['build', '--root', root]);
  expect(first.status, first.stderr).toBe(0);
  const before = snapshot(join(root, 'build'));
  mutate(root);
  const r = runCli(['build', '--root', root]);
  if (r.status !== 0) expect(snapshot(join(root, 'build'))).toEqual(before);
  return { root, r };
}

const outside = mkdtempSync(join(tmpdir(), 'cheatsheet-outside-'));
writeFileSync(join(outside, 'secret.md'), page('Secret', 'PRIVATE-MARKER'));
mkdirSync(join(outside, 'pics'));
writeFileSync(join(outside, 'pics', 'a.png'), 'png');

describe('symbolic links and special files', () => {
  it('refuses a static/ link to a file outside the project (/etc/passwd), naming it', () => {
    const { root, r } = breakBuiltSite((root) => symlinkSync('/etc/passwd', join(root, 'static', 'passwd')));
    expectUserError(r, 'static/passwd: Symbolic link to /etc/passwd, outside the project: refused');
    expect(existsSync(join(root, 'build', 'passwd'))).toBe(false);
  });

  it('serve keeps running with such a link in static/ and never serves it', async () => {
    const root = makeSite({ ...minimalContent, 'static/img/logo.svg': '<svg/>' });
    symlinkSync('/etc/passwd', join(root, 'static', 'passwd'));
    const served = await startServe(['--root', root, '--port', '0']);
    try {
      expect((await fetch(`${served.origin}/aws-cheatsheet/passwd`)).status).toBe(404);
      expect((await fetch(`${served.origin}/aws-cheatsheet/img/logo.svg`)).status).toBe(200);
      expect(served.child.exitCode).toBe(null);
    } finally {
      await served.stop();
    }
  });

  it('refuses a page linked to a file outside the project, and one linked to /dev/zero, without reading them', () => {
    const { root, r } = breakBuiltSite((root) => {
      symlinkSync(join(outside, 'secret.md'), join(root, 'content', 'en', 'secret.md'));
      symlinkSync('/dev/zero', join(root, 'content', 'en', 'zero.md'));
    });
    expectUserError(r, '2 problems found', 'content/en/secret.md: Symbolic link to', 'content/en/zero.md: Symbolic link to /dev/zero, outside the project');
    expect(existsSync(join(root, 'build', 'docs', 'secret.html'))).toBe(false);
  });

  it('refuses a named pipe among the pages or the static files', () => {
    const pages = breakBuiltSite((root) => execFileSync('mkfifo', [join(root, 'content', 'en', 'pipe.md')]));
    expectUserError(pages.r, 'content/en/pipe.md: Is a named pipe (FIFO), not a regular file: refused.');
    const statics = breakBuiltSite((root) => execFileSync('mkfifo', [join(root, 'static', 'img', 'pipe.svg')]));
    expectUserError(statics.r, 'static/img/pipe.svg: Is a named pipe (FIFO), not a regular file: refused.');
  });

  it('a dangling link is a clear error', () => {
    const { r } = breakBuiltSite((root) => symlinkSync(join(root, 'content', 'en', 'gone.md'), join(root, 'content', 'en', 'link.md')));
    expectUserError(r, 'content/en/link.md: Symbolic link to a file that does not exist.');
  });

  it('publishes a static/ link to a folder inside the project, refuses one to a folder outside', () => {
    const inside = breakBuiltSite(
      (root) => symlinkSync(join(root, 'media', 'pics'), join(root, 'static', 'pics')),
      { 'media/pics/a.png': 'png-inside' },
    );
    expect(inside.r.status, inside.r.stderr).toBe(0);
    expect(readFileSync(join(inside.root, 'build', 'pics', 'a.png'), 'utf8')).toBe('png-inside');
    const out = breakBuiltSite((root) => symlinkSync(join(outside, 'pics'), join(root, 'static', 'pics')));
    expectUserError(out.r, `static/pics: Symbolic link to ${join(outside, 'pics')}, outside the project: refused`);
  });

  it('a folder linked inside itself is an error, not an endless walk', () => {
    const { r } = breakBuiltSite((root) => symlinkSync('..', join(root, 'content', 'en', 'compute', 'loop')));
    expectUserError(r, 'content/en/compute/loop: Symbolic link to a folder that contains it');
  });
});

describe('names', () => {
  it('EC2.md beside ec2.md (one file on macOS and Windows) names both', () => {
    const { r } = breakBuiltSite((root) => writeFileSync(join(root, 'content', 'en', 'compute', 'EC2.md'), page('EC2 again')));
    expectUserError(r, 'content/en/compute/ec2.md and content/en/compute/EC2.md differ only in case');
    const statics = breakBuiltSite((root) => writeFileSync(join(root, 'static', 'img', 'Logo.svg'), '<svg/>'));
    expectUserError(statics.r, 'static/img/logo.svg and static/img/Logo.svg differ only in case');
  });

  it('refuses page and folder names that are device names on Windows (con.md, nul/)', () => {
    const { r } = breakBuiltSite((root) => {
      writeFileSync(join(root, 'content', 'en', 'compute', 'con.md'), page('Con'));
      mkdirSync(join(root, 'content', 'en', 'nul'));
      writeFileSync(join(root, 'content', 'en', 'nul', 'page.md'), page('Page'));
    });
    expectUserError(r, '2 problems found', 'content/en/compute/con.md: "con.md" is a device name on Windows', 'content/en/nul/page.md: "nul" is a device name on Windows');
  });

  it('refuses page names with #, ? or % (a URL cannot carry them as they are) instead of blaming the sidebar', () => {
    const { r } = breakBuiltSite((root) => {
      for (const name of ['c#.md', 'why?.md', '100%.md']) writeFileSync(join(root, 'content', 'en', 'compute', name), page(name));
    });
    expectUserError(r, '3 problems found', 'content/en/compute/c#.md: The path has "#"', 'content/en/compute/why?.md: The path has "?"', 'content/en/compute/100%.md: The path has "%"');
    expect(r.stderr).not.toContain('broken link');
  });
});

describe('files the build may not read', () => {
  // Root reads every file whatever its mode (its capabilities override file modes), so as root the CLI
  // runs as root without those two capabilities (setpriv): the modes stop it then, and it still reads the
  // repository and the fixture, which root owns, wherever they are. Any other user runs it as itself.
  const asRoot = process.getuid?.() === 0;
  function buildUnprivileged(root: string): CliResult {
    const bin = join(REPO, 'bin', 'cheatsheet.js');
    if (!asRoot) return runCli(['build', '--root', root]);
    const r = spawnSync('setpriv', ['--inh-caps=-all', '--bounding-set=-dac_override,-dac_read_search', process.execPath, bin, 'build', '--root', root], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  it('an unreadable page, folder or static file is named, with what to do', () => {
    const root = makeSite({ ...minimalContent, 'static/img/logo.svg': '<svg/>' });
    const first = buildUnprivileged(root);
    expect(first.status, `the CLI must run without file-mode overrides from ${REPO}: ${first.stderr}`).toBe(0);
    const before = snapshot(join(root, 'build'));

    chmodSync(join(root, 'content', 'en', 'compute', 'ec2.md'), 0o000);
    expectUserError(buildUnprivileged(root), 'content/en/compute/ec2.md: Cannot read the file: permission denied (EACCES).', 'right to read it');
    chmodSync(join(root, 'content', 'en', 'compute', 'ec2.md'), 0o644);

    chmodSync(join(root, 'content', 'pt-BR', 'compute'), 0o000);
    expectUserError(buildUnprivileged(root), 'content/pt-BR/compute: Cannot list the folder: permission denied (EACCES).');
    chmodSync(join(root, 'content', 'pt-BR', 'compute'), 0o755);

    chmodSync(join(root, 'static', 'img', 'logo.svg'), 0o000);
    expectUserError(buildUnprivileged(root), 'Cannot copy static/img/logo.svg: permission denied (EACCES).');
    chmodSync(join(root, 'static', 'img', 'logo.svg'), 0o644);

    expect(snapshot(join(root, 'build'))).toEqual(before);
  });
});

// Front matter is data: a page opened with `---js` (gray-matter's JavaScript engine) or any other language
// than YAML and JSON is refused with its file and line 1 by every command that reads pages, and its code
// never runs — the payload below would leave a file behind if it did.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../renderer/content/front-matter.ts';
import { startServe } from './helpers/dev-server.ts';
import { makeSite, minimalContent, runCli } from './helpers/fixture-site.ts';

const markerDir = mkdtempSync(join(tmpdir(), 'cheatsheet-fm-code-'));
let n = 0;
/** A page whose front matter, if evaluated, writes a marker file; returns the page and the marker's path. */
function payload(open = '---js'): { source: string; marker: string } {
  const marker = join(markerDir, `ran-${n++}`);
  const code = `{ title: (process.getBuiltinModule('fs').writeFileSync(${JSON.stringify(marker)}, 'ran'), 'EC2') }`;
  return { source: `${open}\n${code}\n---\n\n## What it is\n\nText.\n`, marker };
}

function expectRefused(output: string, file: string, language = 'js') {
  expect(output).toContain(`${file}:1: Front matter in "${language}" is refused`);
  expect(output).not.toContain('internal error');
  expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
}

describe('front matter in a language that runs code', () => {
  it('build refuses it, names the file and line 1, runs nothing and keeps the previous output', () => {
    const root = makeSite(minimalContent);
    expect(runCli(['build', '--root', root]).status).toBe(0);
    const before = readFileSync(join(root, 'build', 'docs', 'compute', 'ec2.html'), 'utf8');
    for (const open of ['---js', '---javascript', '--- JavaScript ', '---coffee']) {
      const { source, marker } = payload(open);
      writeFileSync(join(root, 'content/en/compute/ec2.md'), source);
      const r = runCli(['build', '--root', root]);
      expect(r.status, r.stderr).toBe(1);
      expectRefused(r.stderr, 'content/en/compute/ec2.md', open.slice(3).trim());
      expect(existsSync(marker), `${open} front matter ran`).toBe(false);
      expect(readFileSync(join(root, 'build', 'docs', 'compute', 'ec2.html'), 'utf8')).toBe(before);
    }
  });

  it('check fails on it without running it', () => {
    const { source, marker } = payload();
    const root = makeSite({ ...minimalContent, 'content/pt-BR/compute/ec2.md': source });
    const r = runCli(['check', '--root', root]);
    expect(r.status).toBe(1);
    expectRefused(r.stdout, 'content/pt-BR/compute/ec2.md');
    expect(existsSync(marker)).toBe(false);
  });

  it('new-page reads the category’s pages without running their front matter', () => {
    const { source, marker } = payload('---javascript');
    const root = makeSite({ ...minimalContent, 'content/en/compute/evil.md': source });
    const r = runCli(['new-page', '--root', root, 'compute/lambda', '--title', 'AWS Lambda']);
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(marker)).toBe(false);
  });

  it('serve shows it as a problem with file and line, without running it', async () => {
    const { source, marker } = payload();
    const root = makeSite({ ...minimalContent, 'content/en/compute/ec2.md': source });
    const served = await startServe(['--root', root, '--port', '0']);
    try {
      expectRefused(served.output(), 'content/en/compute/ec2.md');
      expect(existsSync(marker)).toBe(false);
    } finally {
      await served.stop();
    }
  });

  it('YAML, spelled out or not, and JSON front matter are read as before', () => {
    for (const source of ['---\ntitle: A\n---\nx\n', '---yaml\ntitle: A\n---\nx\n', '---json\n{ "title": "A" }\n---\nx\n']) {
      expect(parseFrontMatter(source, 'a.md').data.title).toBe('A');
    }
    expect(() => parseFrontMatter('---toml\ntitle = "A"\n---\nx\n', 'a.md')).toThrow('Unknown front-matter language "toml"');
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cheatsheetInstallSpec } from './install-spec.ts';

const work = mkdtempSync(join(tmpdir(), 'cheatsheet-install-spec-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function packageAt(root: string, version = '0.3.1'): string {
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'cheatsheet', version }));
  return root;
}

describe('the cheatsheet a new site installs', () => {
  it('takes a given tarball or folder as an absolute file: spec, and any other npm spec as written', () => {
    writeFileSync(join(work, 'cheatsheet-0.3.1.tgz'), '');
    expect(cheatsheetInstallSpec('./cheatsheet-0.3.1.tgz', work, packageAt(join(work, 'unused')))).toEqual({ spec: `file:${join(work, 'cheatsheet-0.3.1.tgz')}`, from: 'flag' });
    expect(cheatsheetInstallSpec('github:someone/cheatsheet#v0.3.1', work).spec).toBe('github:someone/cheatsheet#v0.3.1');
    expect(cheatsheetInstallSpec('https://example.org/cheatsheet-0.3.1.tgz', work).spec).toBe('https://example.org/cheatsheet-0.3.1.tgz');
  });

  it("from an install, is where that install's lockfile says cheatsheet came from, made absolute", () => {
    const host = join(work, 'host');
    const root = packageAt(join(host, 'node_modules', 'cheatsheet'));
    writeFileSync(join(host, 'node_modules', '.package-lock.json'), JSON.stringify({ packages: { 'node_modules/cheatsheet': { version: '0.3.1', resolved: 'file:../dist/cheatsheet-0.3.1.tgz' } } }));
    expect(cheatsheetInstallSpec(undefined, work, root)).toEqual({ spec: `file:${join(work, 'dist', 'cheatsheet-0.3.1.tgz')}`, from: 'lockfile' });
  });

  it('from a checkout, is its packed tarball when there is one, else the checkout folder — never a registry range', () => {
    const checkout = packageAt(join(work, 'checkout'), '0.4.0');
    expect(cheatsheetInstallSpec(undefined, work, checkout)).toEqual({ spec: `file:${checkout}`, from: 'checkout' });
    writeFileSync(join(checkout, 'cheatsheet-0.4.0.tgz'), '');
    expect(cheatsheetInstallSpec(undefined, work, checkout)).toEqual({ spec: `file:${join(checkout, 'cheatsheet-0.4.0.tgz')}`, from: 'tarball' });
  });
});

// `cheatsheet import` carries the npm packages the docs' own components import (test/fixtures/docusaurus-deps:
// a component imports `tiny-badge`, installed from a file: path so nothing needs the registry), and leaves out
// what cheatsheet replaces; the new site then installs and builds with the component rendered.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from './helpers/fixture-site.ts';

const SITE = join(REPO, 'test', 'fixtures', 'docusaurus-deps');
const work = mkdtempSync(join(tmpdir(), 'cheatsheet-import-deps-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

describe('cheatsheet import: npm dependencies', () => {
  const out = join(work, 'badges');

  it('lists the packages the docs and components import, with their ranges, and reports the rest', () => {
    const r = run(process.execPath, [join(REPO, 'bin', 'cheatsheet.js'), 'import', SITE, '--out', out], REPO);
    expect(r.out).not.toContain('Error');
    expect(r.status).toBe(0);
    const deps = (JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
    expect(Object.keys(deps).sort()).toEqual(['cheatsheet', 'tiny-badge', 'tiny-stars']);
    // The file: path now leads from the new site to the same folder.
    expect(resolve(out, deps['tiny-badge']!.replace(/^file:/, ''))).toBe(join(SITE, 'vendor', 'tiny-badge'));
    const report = readFileSync(join(out, 'IMPORT-REPORT.md'), 'utf8');
    expect(report).toContain('**npm packages not carried (8)** (package.json)');
    expect(report).toContain('@docusaurus/core, @docusaurus/module-type-aliases, @docusaurus/preset-classic, @mdx-js/react, clsx, prism-react-renderer, react, react-dom.');
    expect(report).toContain("**react ^18.2.0** (package.json): Components run on cheatsheet's React");
    // `widget-lib` appears only in a code block of the page: an example for readers, not a dependency.
    expect(report).not.toContain('widget-lib');
  });

  it('installs offline and builds, the page showing what the packages computed, and warns of a package made for another React', () => {
    // `cheatsheet` itself is not in the offline cache under that range: the build runs the repository's CLI.
    const pkgFile = join(out, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { dependencies: Record<string, string> };
    delete pkg.dependencies.cheatsheet;
    writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
    // tiny-stars asks for React 18, which npm would fetch beside cheatsheet's: not offline, and never used anyway.
    const install = run('npm', ['i', '--offline', '--no-audit', '--no-fund', '--legacy-peer-deps'], out);
    expect(install.status, install.out).toBe(0);
    const b = run(process.execPath, [join(REPO, 'bin', 'cheatsheet.js'), 'build', '--root', out], REPO);
    expect(b.status, b.out).toBe(0);
    const html = readFileSync(join(out, 'build', 'docs', 'intro', 'index.html'), 'utf8');
    expect(html).toContain('<span class="tiny-badge">3 badges earned</span>');
    // A CommonJS package imported straight from MDX, rendered with cheatsheet's React and hydrated as an island.
    expect(html).toContain('<button type="button" class="tiny-stars">★★</button>');
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/islands\/en-content-en-intro\.[\w-]+\.js"/);
    // Its React range leaves out the React pages run on: said once, naming the package, its range and what to do.
    expect(b.out).toMatch(/package\.json: the npm package tiny-stars 0\.3\.0 is made for React \^18\.0\.0 \(its peerDependencies\), but pages and their components run on cheatsheet's React 19\.\d+\.\d+\./);
    expect(b.out).toContain('npm view tiny-stars peerDependencies');
    expect(b.out).not.toContain('tiny-badge 1.2.0 is made for');
  });

  it('stops on a package.json that is not JSON, naming it, before writing anything', () => {
    const broken = join(work, 'broken-site');
    cpSync(SITE, broken, { recursive: true });
    writeFileSync(join(broken, 'package.json'), '{ "dependencies": { ');
    const target = join(work, 'broken-out');
    const r = run(process.execPath, [join(REPO, 'bin', 'cheatsheet.js'), 'import', broken, '--out', target], work);
    expect(r.status).toBe(1);
    expect(r.out).toContain('broken-site/package.json: not valid JSON');
    expect(r.out).not.toMatch(/\n\s+at /);
    expect(existsSync(target)).toBe(false);
  });
});

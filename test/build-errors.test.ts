// Every kind of bad input gives one clear message naming the file/line/field, exit code 1, no stack
// trace, and leaves the previous output untouched.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSite, minimalContent, page, runCli, type CliResult } from './helpers/fixture-site.ts';

function buildFixture(files: Record<string, string | Buffer>, options?: Parameters<typeof makeSite>[1]): CliResult & { root: string } {
  const root = makeSite(files, options);
  return { ...runCli(['build', '--root', root]), root };
}

function expectUserError(r: CliResult, ...fragments: (string | RegExp)[]) {
  expect(r.status, r.stderr + r.stdout).toBe(1);
  for (const f of fragments) {
    if (typeof f === 'string') expect(r.stderr).toContain(f);
    else expect(r.stderr).toMatch(f);
  }
  expect(r.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  expect(r.stderr).not.toContain('internal error');
}

describe('cheatsheet build on bad input', () => {
  it('builds the minimal fixture (control)', () => {
    const r = buildFixture(minimalContent);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Built \d+ pages/);
    expect(existsSync(join(r.root, 'build', 'pt-BR', 'docs', 'compute', 'ec2.html'))).toBe(true);
  });

  it('malformed YAML front matter names the file and line', () => {
    const r = buildFixture({ ...minimalContent, 'content/pt-BR/compute/ec2.md': '---\ntitle: EC2\ntags: [a, b\ndescription: x\n---\n\nText\n' });
    expectUserError(r, 'content/pt-BR/compute/ec2.md:', 'Malformed YAML front matter');
    expect(r.stderr).toMatch(/ec2\.md:[3-5]:/);
  });

  it('a blank title', () => {
    const r = buildFixture({ ...minimalContent, 'content/en/compute/ec2.md': '---\ntitle: "   "\n---\n\nText\n' });
    expectUserError(r, 'content/en/compute/ec2.md:2', 'Invalid front-matter field "title"', 'blank');
  });

  it('an unknown front-matter key is a warning naming its line and the nearest key; an error under --strict', () => {
    const files = { ...minimalContent, 'content/en/compute/ec2.md': '---\ntitle: EC2\nsidebar position: 3\n---\n\nText\n' };
    const r = buildFixture(files);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr + r.stdout).toContain('content/en/compute/ec2.md:3: unknown front-matter key "sidebar position", ignored (did you mean sidebar_position?)');
    const root = makeSite(files);
    expectUserError(runCli(['build', '--root', root, '--strict']), 'content/en/compute/ec2.md:3', 'did you mean sidebar_position?', '--strict');
    expect(existsSync(join(root, 'build'))).toBe(false);
  });

  it('hundreds of unknown keys make one short warning, not a line as long as the file', () => {
    const keys = Array.from({ length: 400 }, (_, i) => `custom_key_${i}: ${'x'.repeat(900)}`).join('\n');
    const r = buildFixture({ ...minimalContent, 'content/en/compute/ec2.md': `---\ntitle: EC2\n${keys}\n---\n\nText\n` });
    expect(r.status, r.stderr).toBe(0);
    const line = (r.stderr + r.stdout).split('\n').find((l) => l.includes('unknown front-matter keys'))!;
    expect(line).toContain('400 unknown front-matter keys');
    expect(line).toContain('and 395 more');
    expect(line.length).toBeLessThan(400);
  });

  it('a front-matter value of the wrong type', () => {
    const r = buildFixture({ ...minimalContent, 'content/en/compute/ec2.md': '---\ntitle: EC2\nsidebar_position: first\n---\n\nText\n' });
    expectUserError(r, 'content/en/compute/ec2.md:3', 'Invalid front-matter field "sidebar_position"', 'number');
  });

  it('an invalid _category_.json', () => {
    const r = buildFixture({ ...minimalContent, 'content/en/compute/_category_.json': '{"label": 5, "position": 2}' });
    expectUserError(r, 'content/en/compute/_category_.json', 'Invalid _category_.json', 'label');
    const r2 = buildFixture({ ...minimalContent, 'content/en/compute/_category_.json': '{"label": "Compute",\n "position": }' });
    expectUserError(r2, 'content/en/compute/_category_.json', 'Invalid JSON');
  });

  it('two files producing one route name both files', () => {
    const r = buildFixture({ ...minimalContent, 'content/en/compute/ec2/index.md': page('EC2 again') });
    expectUserError(r, 'Two files produce the same route "docs/compute/ec2"', 'content/en/compute/ec2.md', 'content/en/compute/ec2/index.md');
  });

  it('a file that is not valid UTF-8', () => {
    const bytes = Buffer.concat([Buffer.from('---\ntitle: EC2\n---\n\nCaf'), Buffer.from([0xe9]), Buffer.from(' latin-1\n')]);
    const r = buildFixture({ ...minimalContent, 'content/en/compute/ec2.md': bytes });
    expectUserError(r, 'content/en/compute/ec2.md:5', 'not valid UTF-8', 'Save the file as UTF-8');
  });

  it('reports every broken file at once, not just the first', () => {
    const r = buildFixture({ ...minimalContent, 'content/en/compute/ec2.md': '---\nhide_title: 1\ntitle: x\n---\n', 'content/pt-BR/compute/ec2.md': "---\ntitle: '  '\n---\n" });
    expectUserError(r, '2 problems found', 'content/en/compute/ec2.md:2', 'content/pt-BR/compute/ec2.md:2');
  });

  it('a syntax error in site.config.ts gives the line', () => {
    const r = buildFixture(minimalContent, { configSource: 'export default {\n  title: "x",\n  tagline: ,\n};\n' });
    expectUserError(r, 'site.config.ts:3:', 'Syntax error');
  });

  it('a wrong config field names the field', () => {
    const r = buildFixture(minimalContent, { config: { baseUrl: 'aws-cheatsheet', titel: 'x' } });
    expectUserError(r, 'Invalid site configuration in', 'baseUrl', 'titel');
  });

  it('an unknown locale in the config', () => {
    const r = buildFixture(minimalContent, { config: { i18n: { localeConfigs: { fr: { label: 'Français', htmlLang: 'fr', path: 'fr' } } } } });
    expectUserError(r, 'i18n.localeConfigs.fr: unknown locale "fr"');
  });

  it('a navbar item of unknown type', () => {
    const r = buildFixture(minimalContent, { config: { themeConfig: { navbar: { items: [{ type: 'fancyWidget', label: 'x' }] } } } });
    expectUserError(r, 'No NavbarItem component found for type', 'fancyWidget');
  });

  it('a docSidebar item naming a sidebar that does not exist', () => {
    const r = buildFixture(minimalContent, { config: { themeConfig: { navbar: { items: [{ type: 'docSidebar', sidebarId: 'otherSidebar', label: 'x' }] } } } });
    expectUserError(r, 'sidebar "otherSidebar", which does not exist', 'tutorialSidebar');
  });

  it('a docSidebar item whose sidebar has no link target', () => {
    const files = Object.fromEntries(Object.entries(minimalContent).map(([k, v]) => [k, k.endsWith('.md') ? v.replace('---\n\n', 'sidebar: false\n---\n\n') : v]));
    const r = buildFixture(files);
    expectUserError(r, 'has no link target');
  });

  it('a docsVersionDropdown naming a version that does not exist', () => {
    const r = buildFixture(minimalContent, { config: { themeConfig: { navbar: { items: [{ type: 'docsVersionDropdown', versions: ['current', '2.0'] }] } } } });
    expectUserError(r, 'version "2.0", which does not exist', 'current');
  });

  it('a doc navbar item naming a doc id that does not exist', () => {
    const r = buildFixture(minimalContent, { config: { themeConfig: { navbar: { items: [{ type: 'doc', docId: 'compute/ec3' }] } } } });
    expectUserError(r, 'doc id "compute/ec3", which does not exist');
  });

  it('a sidebar naming a doc id that does not exist (every one is listed)', () => {
    const r = buildFixture(minimalContent, { config: { docs: { sidebars: { tutorialSidebar: ['start', 'compute/ec3', { type: 'category', label: 'C', items: [{ type: 'doc', id: 'compute/ec2' }, 'nope'] }] } } } });
    expectUserError(r, 'name docs that do not exist', 'docs.sidebars.tutorialSidebar.1: the doc id "compute/ec3" does not exist', 'docs.sidebars.tutorialSidebar.2.items.1: the doc id "nope" does not exist');
  });

  it('an explicit sidebar is used in its own order', () => {
    const r = buildFixture(minimalContent, { config: { docs: { sidebars: { tutorialSidebar: [{ type: 'category', label: { 'pt-BR': 'Serviços', en: 'Services' }, items: ['compute/ec2'] }, 'start'] } } } });
    expect(r.status, r.stderr).toBe(0);
    const html = readFileSync(join(r.root, 'build', 'pt-BR', 'docs', 'start.html'), 'utf8');
    const sidebar = html.slice(html.indexOf('theme-doc-sidebar-menu'));
    expect(sidebar.indexOf('Serviços')).toBeGreaterThan(0);
    expect(sidebar.indexOf('Serviços')).toBeLessThan(sidebar.indexOf('Início'));
  });

  it("an explicit category with collapsible: false shows its items on every page, as Docusaurus's", () => {
    const r = buildFixture(minimalContent, { config: { docs: { sidebars: { tutorialSidebar: ['start', { type: 'category', label: 'More', collapsible: false, items: [{ type: 'link', label: 'Status page', href: 'https://status.example.org/' }] }] } } } });
    expect(r.status, r.stderr).toBe(0);
    const html = readFileSync(join(r.root, 'build', 'pt-BR', 'docs', 'start.html'), 'utf8');
    const sidebar = html.slice(html.indexOf('theme-doc-sidebar-menu'), html.indexOf('</nav>', html.indexOf('theme-doc-sidebar-menu')));
    expect(sidebar).toContain('Status page');
    expect(sidebar).not.toMatch(/aria-expanded="false"[^>]*>More/);
  });

  it('a custom page module without a default export', () => {
    const r = buildFixture({ ...minimalContent, 'templates/pages/home.tsx': 'export const Home = () => null;\n' });
    expectUserError(r, 'templates/pages/home.tsx has no default export');
  });

  it('broken links and anchors list every location as file:line → target', () => {
    const r = buildFixture({
      ...minimalContent,
      'content/en/compute/ec2.md': page('Amazon EC2', '## What it is\n\nSee [missing](./missing.md).\n\nAnd [bad anchor](../start.md#nowhere).\n\nAnd [ok](../start.md#first-section).'),
    });
    expectUserError(r, 'Found 2 broken links', 'content/en/compute/ec2.md:7 → /aws-cheatsheet/docs/compute/missing (no such page)', 'content/en/compute/ec2.md:9 → /aws-cheatsheet/docs/start#nowhere');
  });

  it('a broken template link names the component and route', () => {
    const r = buildFixture(minimalContent, { config: { themeConfig: { footer: { links: [{ title: 'Docs', items: [{ label: 'Gone', to: 'docs/gone' }] }] } } } });
    expectUserError(r, 'Footer on /aws-cheatsheet/', '→ /aws-cheatsheet/docs/gone');
  });

  it('accented anchors do not give false alarms', () => {
    const r = buildFixture({
      ...minimalContent,
      'content/pt-BR/compute/ec2.md': page('Amazon EC2', '## Configuração avançada\n\nVeja [aqui](#configuração-avançada) e [lá](#configura%C3%A7%C3%A3o-avan%C3%A7ada).'),
    });
    expect(r.status, r.stderr).toBe(0);
  });

  it('an unknown code-block language is a warning and the build goes on', () => {
    const r = buildFixture({ ...minimalContent, 'content/en/start.md': page('Start', '## First section\n\n```klingon\nqapla\n```', 'sidebar_position: 1\n') });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning content\/en\/start\.md:\d+: unknown code-block language "klingon"/);
  });

  describe('atomic output', () => {
    let root: string;
    beforeAll(() => {
      root = buildFixture(minimalContent).root;
    });
    it('a failed build leaves the previous build/ untouched', () => {
      const index = join(root, 'build', 'docs', 'compute', 'ec2.html');
      const before = readFileSync(index, 'utf8');
      writeFileSync(join(root, 'content', 'en', 'compute', 'ec2.md'), '---\ntitle: [\n---\n');
      const r = runCli(['build', '--root', root]);
      expectUserError(r, 'Malformed YAML');
      expect(readFileSync(index, 'utf8')).toBe(before);
    });
  });
});

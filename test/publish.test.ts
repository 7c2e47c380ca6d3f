// Publishing for real: the address from the config or the environment, the placeholder warning,
// robots.txt, social cards and the generator tag.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { makeSite, minimalContent, page, runCli } from './helpers/fixture-site.ts';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const read = (root: string, rel: string) => readFileSync(join(root, 'build', rel), 'utf8');

function htmlFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlFiles(dir, `${prefix}${e.name}/`) : e.name.endsWith('.html') ? [`${prefix}${e.name}`] : [],
  );
}

describe('the published address', () => {
  it('warns when a production build still carries the placeholder URL and repository, naming the settings', () => {
    const root = makeSite(minimalContent);
    const r = runCli(['build', '--root', root]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning the site URL is still the placeholder https://example.github.io (from `url` in the config)');
    expect(r.stderr).toContain('Set `url` in site.config.ts, or CHEATSHEET_URL=https://your.domain for this build');
    expect(r.stderr).toContain('warning the repository link is still the placeholder https://github.com/example/aws-cheatsheet (from `repoUrl` in the config)');
    expect(r.stdout).toContain('warnings: 2');
  });

  it('takes CHEATSHEET_URL and CHEATSHEET_BASE_URL over the config: canonical, hreflang, sitemap, robots.txt', () => {
    const root = makeSite(minimalContent);
    const r = runCli(['build', '--root', root], undefined, { CHEATSHEET_URL: 'https://docs.octo.test', CHEATSHEET_BASE_URL: '/cheats/', CHEATSHEET_REPO_URL: 'https://github.com/octo/cheats' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('placeholder');
    const html = read(root, 'pt-BR/docs/compute/ec2.html');
    expect(html).toContain('<link rel="canonical" href="https://docs.octo.test/cheats/pt-BR/docs/compute/ec2">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://docs.octo.test/cheats/docs/compute/ec2">');
    expect(html).toContain('href="/cheats/docs/compute/ec2"');
    expect(read(root, 'sitemap.xml')).toContain('<loc>https://docs.octo.test/cheats/pt-BR/docs/compute/ec2</loc>');
    expect(read(root, 'robots.txt')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://docs.octo.test/cheats/sitemap.xml\n');
    // (The fixture's e-book link is on example.com: a link of the content, not the site's address.)
    for (const file of [...htmlFiles(join(root, 'build')), 'sitemap.xml', 'robots.txt']) expect(read(root, file), file).not.toMatch(/example\.github\.io|github\.com\/example/);
  });

  it('refuses an address with a path in CHEATSHEET_URL with one clear line and keeps the previous build', () => {
    const root = makeSite(minimalContent);
    expect(runCli(['build', '--root', root]).status).toBe(0);
    const before = read(root, 'index.html');
    const r = runCli(['build', '--root', root], undefined, { CHEATSHEET_URL: 'https://octo.github.io/cheats' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('error CHEATSHEET_URL must be an origin without a path: "https://octo.github.io/cheats".');
    expect(r.stderr).toContain('CHEATSHEET_URL=https://octo.github.io and CHEATSHEET_BASE_URL=/cheats/');
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(read(root, 'index.html')).toBe(before);
  });

  it('lets a robots.txt of the site (static/) win over the generated one', () => {
    const root = makeSite({ ...minimalContent, 'static/robots.txt': 'User-agent: *\nDisallow: /private/\n' });
    expect(runCli(['build', '--root', root]).status).toBe(0);
    expect(read(root, 'robots.txt')).toBe('User-agent: *\nDisallow: /private/\n');
  });
});

describe('social cards', () => {
  it('use the config image with its description, a page image of its own, and the small card without an image', () => {
    const withImage = makeSite(
      { ...minimalContent, 'content/en/compute/ec2.md': page('Amazon EC2', 'Virtual machines.', 'image: /img/ec2 card.png\n'), 'static/img/card.png': 'png', 'static/img/ec2 card.png': 'png' },
      { config: { themeConfig: { image: 'img/card.png', imageAlt: { 'pt-BR': 'Cartão do site', en: 'The site card' } } } },
    );
    const r = runCli(['build', '--root', withImage]);
    expect(r.status, r.stderr).toBe(0);
    const start = read(withImage, 'pt-BR/docs/start.html');
    expect(start).toContain('<meta property="og:image" content="https://example.github.io/aws-cheatsheet/img/card.png">');
    expect(start).toContain('<meta property="og:image:alt" content="Cartão do site">');
    expect(start).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(start).toContain('<meta name="twitter:image" content="https://example.github.io/aws-cheatsheet/img/card.png">');
    expect(start).toContain('<meta name="twitter:image:alt" content="Cartão do site">');
    const ec2 = read(withImage, 'docs/compute/ec2.html');
    expect(ec2).toContain('<meta property="og:image" content="https://example.github.io/aws-cheatsheet/img/ec2%20card.png">');
    // The site's description does not describe a page's own image.
    expect(ec2).not.toContain('og:image:alt');
    expect(ec2).toContain('<meta name="twitter:card" content="summary_large_image">');

    const without = makeSite(minimalContent);
    expect(runCli(['build', '--root', without]).status).toBe(0);
    const plain = read(without, 'docs/start.html');
    expect(plain).toContain('<meta name="twitter:card" content="summary">');
    expect(plain).not.toContain('og:image');
  });

  it('rejects an image front matter that is not text, with file and line', () => {
    const root = makeSite({ ...minimalContent, 'content/en/start.md': page('Start', 'Text.', 'image: 42\n') });
    const r = runCli(['build', '--root', root]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/content\/en\/start\.md:\d+: .*"image"/);
  });
});

describe('the real site, as built', () => {
  const out = inject('siteBuild');

  it('has a robots.txt that points at the absolute sitemap URL', () => {
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://example.github.io/aws-cheatsheet/sitemap.xml\n');
  });

  it('gives every page its social card and the generator tag', () => {
    const files = htmlFiles(out);
    expect(files.length).toBeGreaterThan(400);
    for (const file of files) {
      const html = readFileSync(join(out, file), 'utf8');
      expect(html, file).toContain('<meta property="og:image" content="https://example.github.io/aws-cheatsheet/img/social-card.png">');
      expect(html, file).toMatch(/<meta property="og:image:alt" content="AWS Cheat Sheet: [^"]+">/);
      expect(html, file).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(html, file).toContain(`<meta name="generator" content="cheatsheet ${version}">`);
    }
    expect(readFileSync(join(out, 'pt-BR/index.html'), 'utf8')).toContain('<meta property="og:image:alt" content="AWS Cheat Sheet: guia rápido dos serviços da AWS');
  });

  it('ships the default card: a 1200×630 PNG', () => {
    const png = readFileSync(join(out, 'img/social-card.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});


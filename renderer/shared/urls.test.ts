import { describe, expect, it } from 'vitest';
import { localeBase, localePrefixOf, localeUrls, otherSpelling, routeKeyOf, routePath } from './locale-urls.ts';
import { isExternalHref, joinUrl, normalisePath, outputFileOf, splitHash } from './urls.ts';

describe('URL helpers', () => {
  const base = '/aws-cheatsheet/';
  it('builds locale bases and routes without trailing slashes (except a home)', () => {
    expect(localeBase(base, '')).toBe('/aws-cheatsheet/');
    expect(localeBase(base, 'pt-BR')).toBe('/aws-cheatsheet/pt-BR/');
    expect(routePath(base, 'pt-BR', '')).toBe('/aws-cheatsheet/pt-BR/');
    expect(routePath(base, 'pt-BR', 'docs/compute/ec2')).toBe('/aws-cheatsheet/pt-BR/docs/compute/ec2');
    expect(routePath(base, '', 'docs')).toBe('/aws-cheatsheet/docs');
    expect(joinUrl('/a/', '/b', 'c/')).toBe('/a/b/c/');
    expect(localeUrls(base, 'es', 'docs')).toEqual({ base: '/aws-cheatsheet/es/', docsBase: '/aws-cheatsheet/es/docs' });
    expect(localeUrls('/', '', 'docs')).toEqual({ base: '/', docsBase: '/docs' });
  });
  it('tells which locale a path sits under (the default locale has no prefix)', () => {
    const prefixes = ['pt-BR', 'es'];
    expect(localePrefixOf(base, '/aws-cheatsheet/pt-BR/docs/x', prefixes)).toBe('pt-BR');
    expect(localePrefixOf(base, '/aws-cheatsheet/es', prefixes)).toBe('es');
    expect(localePrefixOf(base, '/aws-cheatsheet/espanol', prefixes)).toBe('');
    expect(localePrefixOf(base, '/aws-cheatsheet/docs/es', prefixes)).toBe('');
    expect(localePrefixOf(base, '/aws-cheatsheet/', ['', 'es'])).toBe('');
  });
  it('keys a path as the route table does in each trailing-slash mode', () => {
    const home = '/aws-cheatsheet/pt-BR/';
    for (const path of ['/aws-cheatsheet/pt-BR/docs/a', '/aws-cheatsheet/pt-BR/docs/a/']) {
      expect(routeKeyOf(path, home, true)).toBe('/aws-cheatsheet/pt-BR/docs/a/');
      expect(routeKeyOf(path, home, false)).toBe('/aws-cheatsheet/pt-BR/docs/a');
      // Unset: a route keeps the slash its slug gives it, so the path is kept as linked.
      expect(routeKeyOf(path, home, undefined)).toBe(path);
      expect(otherSpelling(path)).toBe(path.endsWith('/') ? path.slice(0, -1) : `${path}/`);
    }
    for (const slash of [true, false, undefined]) {
      expect(routeKeyOf('/aws-cheatsheet/pt-BR', home, slash)).toBe(home);
      expect(routeKeyOf(home, home, slash)).toBe(home);
    }
  });
  it('maps public paths to output files as DESIGN.md section 2 says', () => {
    expect(outputFileOf(base, '/aws-cheatsheet/pt-BR/docs/compute/ec2', false)).toBe('pt-BR/docs/compute/ec2.html');
    expect(outputFileOf(base, '/aws-cheatsheet/pt-BR/', false)).toBe('pt-BR/index.html');
    expect(outputFileOf(base, '/aws-cheatsheet/', false)).toBe('index.html');
    expect(outputFileOf(base, '/aws-cheatsheet/404', false)).toBe('404.html');
    expect(outputFileOf(base, '/aws-cheatsheet/docs', false)).toBe('docs.html');
    // trailingSlash unset: Docusaurus writes docs/index.html and links /docs; true: /docs/ from docs/index.html.
    expect(outputFileOf(base, '/aws-cheatsheet/docs', undefined)).toBe('docs/index.html');
    expect(outputFileOf(base, '/aws-cheatsheet/docs/', true)).toBe('docs/index.html');
    // Linked encoded, written decoded: a host looks for the decoded name (a reserved character stays encoded).
    expect(outputFileOf(base, '/aws-cheatsheet/docs/c%C3%A2mbio', false)).toBe('docs/câmbio.html');
    expect(outputFileOf(base, '/aws-cheatsheet/docs/a%2Fb', false)).toBe('docs/a%2Fb.html');
  });
  it('tells external links and splits decoded hashes', () => {
    expect(isExternalHref('https://aws.amazon.com')).toBe(true);
    expect(isExternalHref('mailto:a@b.c')).toBe(true);
    expect(isExternalHref('//cdn.example.com/x')).toBe(true);
    expect(isExternalHref('/aws-cheatsheet/docs')).toBe(false);
    expect(isExternalHref('#x')).toBe(false);
    expect(splitHash('/a/b#configura%C3%A7%C3%A3o')).toEqual({ path: '/a/b', hash: 'configuração' });
    expect(splitHash('/a/b')).toEqual({ path: '/a/b', hash: '' });
  });
  it('normalises paths: query and hash dropped, trailing slash off, homes kept', () => {
    const homes = ['/aws-cheatsheet/', '/aws-cheatsheet/pt-BR/'];
    expect(normalisePath('/aws-cheatsheet/docs/?q=1#x', homes)).toBe('/aws-cheatsheet/docs');
    expect(normalisePath('/aws-cheatsheet/pt-BR', homes)).toBe('/aws-cheatsheet/pt-BR/');
    expect(normalisePath('/aws-cheatsheet/', homes)).toBe('/aws-cheatsheet/');
  });
});

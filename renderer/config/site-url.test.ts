import { describe, expect, it } from 'vitest';
import { isUserError } from '../errors.ts';
import { placeholderWarnings, publishedLocation, resolveLocation } from './site-url.ts';

const config = { url: 'https://example.github.io', baseUrl: '/aws-cheatsheet/', repoUrl: 'https://github.com/example/aws-cheatsheet' };
const actions = { GITHUB_ACTIONS: 'true', GITHUB_REPOSITORY: 'Octo-Org/aws-notes', GITHUB_SERVER_URL: 'https://github.com' };

function errorOf(fn: () => unknown): { message: string; hint?: string } {
  try {
    fn();
  } catch (err) {
    expect(isUserError(err)).toBe(true);
    return err as { message: string; hint?: string };
  }
  throw new Error('expected an error');
}

describe('where the site is published', () => {
  it('is the config without any variable, and an empty variable counts as unset', () => {
    expect(resolveLocation(config, {})).toEqual({ location: config, sources: { url: '`url` in the config', baseUrl: '`baseUrl` in the config', repoUrl: '`repoUrl` in the config' } });
    expect(resolveLocation(config, { CHEATSHEET_URL: '', CHEATSHEET_BASE_URL: '  ', CHEATSHEET_REPO_URL: '' }).location).toEqual(config);
  });

  it('takes CHEATSHEET_URL, CHEATSHEET_BASE_URL and CHEATSHEET_REPO_URL, normalised', () => {
    const { location, sources } = resolveLocation(config, { CHEATSHEET_URL: 'https://Docs.Octo.test/', CHEATSHEET_BASE_URL: 'cheats', CHEATSHEET_REPO_URL: 'https://git.octo.test/octo/cheats/' });
    expect(location).toEqual({ url: 'https://docs.octo.test', baseUrl: '/cheats/', repoUrl: 'https://git.octo.test/octo/cheats' });
    expect(sources).toEqual({ url: 'CHEATSHEET_URL', baseUrl: 'CHEATSHEET_BASE_URL', repoUrl: 'CHEATSHEET_REPO_URL' });
    expect(resolveLocation(config, { CHEATSHEET_BASE_URL: '/' }).location.baseUrl).toBe('/');
    expect(resolveLocation(config, { CHEATSHEET_BASE_URL: '/a/b' }).location.baseUrl).toBe('/a/b/');
  });

  it('derives the GitHub Pages address and the repository in GitHub Actions', () => {
    const { location, sources } = resolveLocation(config, actions);
    expect(location).toEqual({ url: 'https://octo-org.github.io', baseUrl: '/aws-notes/', repoUrl: 'https://github.com/Octo-Org/aws-notes' });
    expect(sources.url).toBe('GitHub Actions (GITHUB_REPOSITORY=Octo-Org/aws-notes)');
    // The <owner>.github.io repository is served at the root of that host.
    expect(resolveLocation(config, { ...actions, GITHUB_REPOSITORY: 'Octo-Org/octo-org.github.io' }).location).toMatchObject({ url: 'https://octo-org.github.io', baseUrl: '/' });
    // Not in GitHub Actions: the same variables mean nothing.
    expect(resolveLocation(config, { ...actions, GITHUB_ACTIONS: '' }).location).toEqual(config);
  });

  it('lets CHEATSHEET_* win over GitHub Actions, field by field', () => {
    const { location } = resolveLocation(config, { ...actions, CHEATSHEET_URL: 'https://docs.octo.test', CHEATSHEET_BASE_URL: '/' });
    expect(location).toEqual({ url: 'https://docs.octo.test', baseUrl: '/', repoUrl: 'https://github.com/Octo-Org/aws-notes' });
  });

  it('keeps the config address on GitHub Enterprise Server, whose Pages host cannot be guessed', () => {
    const { location } = resolveLocation(config, { ...actions, GITHUB_SERVER_URL: 'https://git.corp.test' });
    expect(location).toEqual({ ...config, repoUrl: 'https://git.corp.test/Octo-Org/aws-notes' });
  });

  it('rejects a URL that is not an origin, naming the variable and what to write', () => {
    const withPath = errorOf(() => resolveLocation(config, { CHEATSHEET_URL: 'https://octo.github.io/aws-notes/' }));
    expect(withPath.message).toBe('CHEATSHEET_URL must be an origin without a path: "https://octo.github.io/aws-notes/".');
    expect(withPath.hint).toBe('Put the path in the base URL instead: CHEATSHEET_URL=https://octo.github.io and CHEATSHEET_BASE_URL=/aws-notes/');
    expect(errorOf(() => resolveLocation(config, { CHEATSHEET_URL: 'docs.octo.test' })).message).toBe('CHEATSHEET_URL is not a URL: "docs.octo.test".');
    expect(errorOf(() => resolveLocation(config, { CHEATSHEET_URL: 'ftp://docs.octo.test' })).message).toBe('CHEATSHEET_URL must be an http(s) URL, not "ftp://docs.octo.test".');
    expect(errorOf(() => resolveLocation(config, { CHEATSHEET_REPO_URL: 'octo/aws-notes' })).message).toBe('CHEATSHEET_REPO_URL is not an http(s) URL: "octo/aws-notes".');
  });

  it('is what site.config.ts gets from publishedLocation', () => {
    expect(publishedLocation(config, actions)).toEqual(resolveLocation(config, actions).location);
  });
});

describe('placeholder warnings', () => {
  it('names the setting the placeholder came from and how to set the real one', () => {
    const [url, repo] = placeholderWarnings(config);
    expect(url).toContain('the site URL is still the placeholder https://example.github.io (from `url` in the config)');
    expect(url).toContain('CHEATSHEET_URL=https://your.domain');
    expect(repo).toContain('the repository link is still the placeholder https://github.com/example/aws-cheatsheet (from `repoUrl` in the config)');
    expect(repo).toContain('CHEATSHEET_REPO_URL=');
    const fromEnv = resolveLocation(config, { CHEATSHEET_URL: 'https://docs.example.com' });
    expect(placeholderWarnings(fromEnv.location, fromEnv.sources)[0]).toContain('https://docs.example.com (from CHEATSHEET_URL)');
  });

  it('says nothing for a real address', () => {
    expect(placeholderWarnings(resolveLocation(config, actions).location)).toEqual([]);
    // Names that merely contain the word are real addresses.
    expect(placeholderWarnings({ url: 'https://examples.dev', baseUrl: '/', repoUrl: 'https://github.com/examples/site' })).toEqual([]);
  });
});

// Where the site is published: `url`, `baseUrl` and `repoUrl` come from site.config.ts, and the environment
// of the build may override them, so one config serves forks, previews and CI without edits.
// Precedence, field by field (README, "Deploy"):
//   1. CHEATSHEET_URL, CHEATSHEET_BASE_URL, CHEATSHEET_REPO_URL (an empty value counts as unset, so a CI
//      can pass an undefined variable through);
//   2. in GitHub Actions (GITHUB_ACTIONS=true), what GitHub Pages will serve the repository at:
//      https://<owner>.github.io, base path /<repository>/ (`/` for the <owner>.github.io repository), and
//      the repository's own page ${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY};
//   3. the config.
// No node import: site.config.ts calls `publishedLocation` too, so links it builds from `repoUrl` follow.
import { ConfigError } from '../errors.ts';

export interface SiteLocation {
  /** Origin the site is served from, without a trailing slash: 'https://octo.github.io'. */
  url: string;
  /** Path the site lives under, with both slashes: '/aws-cheatsheet/'. */
  baseUrl: string;
  /** The repository's web page: 'https://github.com/octo/aws-cheatsheet'. */
  repoUrl: string;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/** The setting each field came from, as a user would write it (for messages). */
export type LocationSources = Record<keyof SiteLocation, string>;

const CONFIG_SOURCES: LocationSources = { url: '`url` in the config', baseUrl: '`baseUrl` in the config', repoUrl: '`repoUrl` in the config' };
const ENV_NAMES: Record<keyof SiteLocation, string> = { url: 'CHEATSHEET_URL', baseUrl: 'CHEATSHEET_BASE_URL', repoUrl: 'CHEATSHEET_REPO_URL' };

/** Every variable of the environment that resolveLocation reads. */
export const LOCATION_VARIABLES: readonly string[] = [...Object.values(ENV_NAMES), 'GITHUB_ACTIONS', 'GITHUB_REPOSITORY', 'GITHUB_SERVER_URL'];

function read(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** What GitHub Pages serves the current repository at, when the build runs in GitHub Actions. */
export function githubActionsLocation(env: Environment): Partial<SiteLocation> {
  if (read(env, 'GITHUB_ACTIONS') !== 'true') return {};
  const repository = read(env, 'GITHUB_REPOSITORY');
  const match = repository ? /^([^/\s]+)\/([^/\s]+)$/.exec(repository) : null;
  if (!match) return {};
  const [, owner, name] = match as unknown as [string, string, string];
  const server = (read(env, 'GITHUB_SERVER_URL') ?? 'https://github.com').replace(/\/+$/, '');
  const location: Partial<SiteLocation> = { repoUrl: `${server}/${owner}/${name}` };
  // GitHub Enterprise Server publishes Pages at an address of its own configuration: not guessable.
  if (server === 'https://github.com') {
    const host = `${owner.toLowerCase()}.github.io`;
    location.url = `https://${host}`;
    location.baseUrl = name.toLowerCase() === host ? '/' : `/${name}/`;
  }
  return location;
}

function normalizeOrigin(value: string, setting: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${setting} is not a URL: "${value}".`, { hint: `Give the origin the site is served from, e.g. ${setting}=https://docs.example.org` });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ConfigError(`${setting} must be an http(s) URL, not "${value}".`, { hint: `e.g. ${setting}=https://docs.example.org` });
  }
  if (parsed.pathname !== '/' || parsed.search || parsed.hash) {
    throw new ConfigError(`${setting} must be an origin without a path: "${value}".`, {
      hint: `Put the path in the base URL instead: ${setting}=${parsed.origin} and CHEATSHEET_BASE_URL=${parsed.pathname.replace(/\/?$/, '/')}`,
    });
  }
  return parsed.origin;
}

/** '/docs', 'docs/' and 'docs' all mean '/docs/': CI variables are rarely written with both slashes. */
function normalizeBase(value: string): string {
  return `/${value.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
}

function normalizeRepo(value: string, setting: string): string {
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'https:' || parsed.protocol === 'http:') return value.replace(/\/+$/, '');
  } catch {
    // Reported below.
  }
  throw new ConfigError(`${setting} is not an http(s) URL: "${value}".`, { hint: `e.g. ${setting}=https://github.com/octo-org/aws-cheatsheet` });
}

/** The location after the environment's overrides, and where each field came from. */
export function resolveLocation(config: SiteLocation, env: Environment): { location: SiteLocation; sources: LocationSources } {
  const github = githubActionsLocation(env);
  const location = { ...config };
  const sources: LocationSources = { ...CONFIG_SOURCES };
  for (const field of Object.keys(ENV_NAMES) as (keyof SiteLocation)[]) {
    const explicit = read(env, ENV_NAMES[field]);
    const value = explicit ?? github[field];
    if (value === undefined) continue;
    const setting = explicit !== undefined ? ENV_NAMES[field] : `GitHub Actions (GITHUB_REPOSITORY=${read(env, 'GITHUB_REPOSITORY')})`;
    location[field] = field === 'url' ? normalizeOrigin(value, setting) : field === 'baseUrl' ? normalizeBase(value) : normalizeRepo(value, setting);
    sources[field] = setting;
  }
  return { location, sources };
}

/**
 * For site.config.ts: the published location, given the config's own values. Links the config builds from
 * `repoUrl` (navbar, footer, announcement) then follow a fork or a CI build, as the generator's do.
 */
export function publishedLocation(defaults: SiteLocation, env: Environment = globalThis.process?.env ?? {}): SiteLocation {
  return resolveLocation(defaults, env).location;
}

// RFC 2606 names and the placeholder this project's config shipped with.
const PLACEHOLDER_HOST = /(^|\.)example(\.(com|net|org|github\.io))?$/i;

/** Warnings for a production build whose links would point at a placeholder instead of the real site. */
export function placeholderWarnings(location: SiteLocation, sources: LocationSources = CONFIG_SOURCES): string[] {
  const warnings: string[] = [];
  const host = new URL(location.url).hostname;
  if (PLACEHOLDER_HOST.test(host)) {
    warnings.push(
      `the site URL is still the placeholder ${location.url} (from ${sources.url}): canonical, hreflang, sitemap, robots.txt and social-card URLs point there. ` +
        `Set \`url\` in site.config.ts, or CHEATSHEET_URL=https://your.domain for this build (in GitHub Actions it defaults to https://<owner>.github.io).`,
    );
  }
  const repo = new URL(location.repoUrl);
  if (PLACEHOLDER_HOST.test(repo.hostname) || /^\/example(\/|$)/i.test(repo.pathname)) {
    warnings.push(
      `the repository link is still the placeholder ${location.repoUrl} (from ${sources.repoUrl}): GitHub links point there. ` +
        `Set \`repoUrl\` in site.config.ts, or CHEATSHEET_REPO_URL=https://github.com/<owner>/<repository> for this build (GitHub Actions sets it from the repository).`,
    );
  }
  return warnings;
}

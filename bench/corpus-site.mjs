// The generated corpus (gen-corpus.mjs of the shared bench folder) laid out as a cheatsheet site: content
// per locale and a config with the real site's theme. Shared by the benchmarks.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const genCorpus = [process.env.GEN_CORPUS, join(repo, '..', 'shared', 'bench', 'gen-corpus.mjs')].find((p) => p && existsSync(p));

/** Writes a corpus site of `pagesPerLocale` pages per locale into a new temporary folder; returns it. */
export function corpusSite(pagesPerLocale) {
  if (!genCorpus) throw new Error('gen-corpus.mjs not found: set GEN_CORPUS or keep ../shared/bench beside the repository');
  const root = mkdtempSync(join(tmpdir(), `cheatsheet-corpus-${pagesPerLocale}-`));
  const corpus = join(root, 'corpus');
  execFileSync(process.execPath, [genCorpus, '--out', corpus, '--pages', String(pagesPerLocale)], { stdio: 'ignore' });
  mkdirSync(join(root, 'content'));
  // Moved, not copied and deleted: deleting ~1,800 files right before a build slows its file creation.
  for (const locale of ['pt-BR', 'en', 'es']) renameSync(join(corpus, locale), join(root, 'content', locale));
  rmSync(corpus, { recursive: true, force: true });
  // The corpus has `intro` but no getting-started: a config of its own, same theme as the real site.
  const config = {
    title: 'Cloud Cheat Sheet',
    tagline: 'Generated corpus',
    favicon: 'img/favicon.svg',
    url: 'https://example.github.io',
    baseUrl: '/aws-cheatsheet/',
    repoUrl: 'https://github.com/example/aws-cheatsheet',
    ebook: { title: 'Free e-book', href: 'https://docs.aws.amazon.com/pdfs/wellarchitected/latest/framework/wellarchitected-framework.pdf' },
    i18n: {
      defaultLocale: 'en',
      sourceLocale: 'pt-BR',
      locales: ['pt-BR', 'en', 'es'],
      localeConfigs: {
        'pt-BR': { label: 'Português (Brasil)', htmlLang: 'pt-BR', path: 'pt-BR' },
        en: { label: 'English', htmlLang: 'en', path: 'en' },
        es: { label: 'Español', htmlLang: 'es', path: 'es' },
      },
    },
    themeConfig: {
      navbar: {
        title: 'Cloud Cheat Sheet',
        items: [
          { type: 'docSidebar', sidebarId: 'tutorialSidebar', label: 'Docs' },
          { type: 'doc', docId: 'intro', label: 'Intro' },
          { type: 'docsVersionDropdown', position: 'right' },
          { type: 'localeDropdown', position: 'right' },
          { type: 'search', position: 'right' },
        ],
      },
      footer: { copyright: 'Copyright', links: [{ title: 'Docs', items: [{ label: 'Intro', to: 'docs/intro' }, { label: 'All', to: 'docs' }] }], lastUpdated: '2025-06-25' },
    },
  };
  writeFileSync(join(root, 'site.config.ts'), `export default ${JSON.stringify(config, null, 2)};\n`);
  return root;
}

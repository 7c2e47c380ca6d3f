// The generated corpus (gen-corpus.mjs of the shared bench folder) laid out as a cheatsheet site: content
// per locale and a config with the real site's theme. Shared by the benchmarks.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MIN_PAGES = 5;
const genCorpus = [process.env.GEN_CORPUS, join(repo, '..', 'shared', 'bench', 'gen-corpus.mjs')].find((p) => p && existsSync(p));

/**
 * Writes a corpus site of `pagesPerLocale` pages per locale into a new temporary folder; returns it. With
 * `{ mdx: true }`, its MDX twin (issue #14's MDX-heavy corpus): every page an `.mdx` file importing Tabs, TabItem
 * and a stateful site component, with a Tabs section that uses it — so every page has an island.
 */
export function corpusSite(pagesPerLocale, { mdx = false } = {}) {
  if (!genCorpus) throw new Error('gen-corpus.mjs not found: set GEN_CORPUS or keep ../shared/bench beside the repository');
  // gen-corpus.mjs links each page to 2–4 distinct other pages: with fewer than 5 a locale it never stops
  // looking for them (a stray process that ran for an hour and a half, beside every measurement).
  if (!Number.isInteger(pagesPerLocale) || pagesPerLocale < MIN_PAGES) throw new Error(`corpusSite: ${pagesPerLocale} pages per locale; the generated corpus needs at least ${MIN_PAGES}`);
  const root = mkdtempSync(join(tmpdir(), `cheatsheet-corpus-${pagesPerLocale}-`));
  const corpus = join(root, 'corpus');
  execFileSync(process.execPath, [genCorpus, '--out', corpus, '--pages', String(pagesPerLocale)], { stdio: 'ignore' });
  mkdirSync(join(root, 'content'));
  // Moved, not copied and deleted: deleting ~1,800 files right before a build slows its file creation.
  for (const locale of ['pt-BR', 'en', 'es']) renameSync(join(corpus, locale), join(root, 'content', locale));
  rmSync(corpus, { recursive: true, force: true });
  if (mdx) mdxTwin(root);
  // The corpus has `intro` but no getting-started: a config of its own, same theme as the real site.
  const config = {
    title: 'Cloud Cheat Sheet',
    tagline: 'Generated corpus',
    favicon: 'img/favicon.svg',
    url: 'https://example.github.io',
    baseUrl: '/aws-cheatsheet/',
    repoUrl: 'https://github.com/example/aws-cheatsheet',
    ebook: { title: 'Free e-book', href: 'https://docs.aws.amazon.com/pdfs/wellarchitected/latest/framework/wellarchitected-framework.pdf' },
    // As the real site: tags as labels, no tag pages, so figures compare with earlier ones (the corpus's tags
    // would add ~80 pages at 50 per locale).
    docs: { tagPages: false },
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

const PRICE = `import React, { useState } from 'react';

export default function Price({ amount }) {
  const [shown, setShown] = useState(false);
  return <button type="button" onClick={() => setShown(!shown)}>{shown ? \`$\${amount}\` : 'Show price'}</button>;
}
`;

const MDX_IMPORTS = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\nimport Price from '@site/src/components/Price';\n\n";
const MDX_SECTION = `
## Pricing

<Tabs groupId="plan">
  <TabItem value="monthly" label="Monthly" default>
    Billed every month: <Price amount={10} />
  </TabItem>
  <TabItem value="yearly" label="Yearly">
    Billed once a year: <Price amount={100} />
  </TabItem>
</Tabs>
`;

/** Every page of the site's content becomes an \`.mdx\` file with the imports after its front matter and the section at its end. */
function mdxTwin(root) {
  mkdirSync(join(root, 'src', 'components'), { recursive: true });
  writeFileSync(join(root, 'src', 'components', 'Price.jsx'), PRICE);
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('.md')) {
        const text = readFileSync(path, 'utf8').replace(/(\]\([^)\s]+)\.md([#)])/g, '$1.mdx$2');
        const fm = /^---\n[\s\S]*?\n---\n/.exec(text)?.[0] ?? '';
        writeFileSync(`${path}x`, fm + MDX_IMPORTS + text.slice(fm.length) + MDX_SECTION);
        rmSync(path);
      }
    }
  };
  walk(join(root, 'content'));
}

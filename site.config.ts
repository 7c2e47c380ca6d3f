import { defineConfig, publishedLocation } from 'cheatsheet';

// Where the site is published. These are the defaults; CHEATSHEET_URL, CHEATSHEET_BASE_URL and
// CHEATSHEET_REPO_URL override them, and so does GitHub Actions (README, "Deploy"). Resolved here too so
// the links below that are built from `repoUrl` follow a fork.
const { url, baseUrl, repoUrl } = publishedLocation({
  url: 'https://example.github.io',
  baseUrl: '/aws-cheatsheet/',
  repoUrl: 'https://github.com/example/aws-cheatsheet',
});

export default defineConfig({
  title: 'AWS Cheat Sheet',
  tagline: {
    'pt-BR': 'Guia rápido dos serviços da AWS, em português, inglês e espanhol',
    en: 'A quick reference to AWS services, in Portuguese, English and Spanish',
    es: 'Guía rápida de los servicios de AWS, en portugués, inglés y español',
  },
  favicon: 'img/favicon.svg',
  url,
  baseUrl,
  trailingSlash: false,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  titleDelimiter: '|',
  repoUrl,
  ebook: {
    title: {
      'pt-BR': 'E-book gratuito: AWS Well-Architected Framework (PDF)',
      en: 'Free e-book: AWS Well-Architected Framework (PDF)',
      es: 'E-book gratuito: AWS Well-Architected Framework (PDF)',
    },
    href: 'https://docs.aws.amazon.com/pdfs/wellarchitected/latest/framework/wellarchitected-framework.pdf',
  },
  i18n: {
    defaultLocale: 'en',
    sourceLocale: 'pt-BR',
    locales: ['pt-BR', 'en', 'es'],
    localeConfigs: {
      'pt-BR': { label: 'Português (Brasil)', direction: 'ltr', htmlLang: 'pt-BR', calendar: 'gregory', path: 'pt-BR' },
      en: { label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory', path: 'en' },
      es: { label: 'Español', direction: 'ltr', htmlLang: 'es', calendar: 'gregory', path: 'es' },
    },
  },
  // Tags stay labels on each page, as the site the spec describes shows them: no tag pages (they would be
  // ~280 pages more per locale, one per tag).
  docs: { routeBasePath: 'docs', sidebarId: 'tutorialSidebar', version: { name: 'current', label: 'Next' }, pluginId: 'default', tagPages: false },
  themeConfig: {
    // The social card of every page (made by scripts/social-card.mjs from scripts/social-card.svg).
    image: 'img/social-card.png',
    imageAlt: {
      'pt-BR': 'AWS Cheat Sheet: guia rápido dos serviços da AWS, em português, inglês e espanhol',
      en: 'AWS Cheat Sheet: a quick reference to AWS services, in Portuguese, English and Spanish',
      es: 'AWS Cheat Sheet: guía rápida de los servicios de AWS, en portugués, inglés y español',
    },
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
    announcementBar: {
      id: 'star-2025-06',
      content: {
        'pt-BR': `Este guia ajudou você? Deixe uma ⭐ no <a target="_blank" rel="noopener noreferrer" href="${repoUrl}">GitHub</a>.`,
        en: `Did this cheat sheet help you? Leave a ⭐ on <a target="_blank" rel="noopener noreferrer" href="${repoUrl}">GitHub</a>.`,
        es: `¿Le ayudó esta guía? Deje una ⭐ en <a target="_blank" rel="noopener noreferrer" href="${repoUrl}">GitHub</a>.`,
      },
      isCloseable: true,
    },
    navbar: {
      title: 'AWS Cheat Sheet',
      logo: { alt: 'AWS Cheat Sheet', src: 'img/logo.svg', width: 32, height: 32 },
      hideOnScroll: false,
      items: [
        { type: 'docSidebar', sidebarId: 'tutorialSidebar', position: 'left', label: { 'pt-BR': 'Guia rápido', en: 'Cheat sheet', es: 'Guía rápida' } },
        { type: 'default', to: 'docs', position: 'left', label: { 'pt-BR': 'Categorias', en: 'Categories', es: 'Categorías' } },
        { type: 'docsVersionDropdown', position: 'right' },
        { type: 'localeDropdown', position: 'right' },
        { type: 'default', href: repoUrl, position: 'right', label: 'GitHub', 'aria-label': { 'pt-BR': 'Repositório no GitHub', en: 'GitHub repository', es: 'Repositorio en GitHub' } },
        { type: 'search', position: 'right' },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Docs',
          items: [
            { label: { 'pt-BR': 'Primeiros passos', en: 'Getting started', es: 'Primeros pasos' }, to: 'docs/getting-started' },
            { label: { 'pt-BR': 'Todas as categorias', en: 'All categories', es: 'Todas las categorías' }, to: 'docs' },
            { label: { 'pt-BR': 'Como contribuir', en: 'Contributing', es: 'Cómo contribuir' }, to: 'docs/getting-started/contributing' },
          ],
        },
        {
          title: { 'pt-BR': 'Comunidade', en: 'Community', es: 'Comunidad' },
          items: [
            { label: 'GitHub', href: repoUrl },
            { label: { 'pt-BR': 'Relatar um problema', en: 'Report an issue', es: 'Informar un problema' }, href: `${repoUrl}/issues` },
            { label: { 'pt-BR': 'Discussões', en: 'Discussions', es: 'Discusiones' }, href: `${repoUrl}/discussions` },
          ],
        },
        {
          title: { 'pt-BR': 'Mais', en: 'More', es: 'Más' },
          items: [
            { label: { 'pt-BR': 'E-book gratuito: AWS Well-Architected', en: 'Free e-book: AWS Well-Architected', es: 'E-book gratuito: AWS Well-Architected' }, href: 'https://docs.aws.amazon.com/pdfs/wellarchitected/latest/framework/wellarchitected-framework.pdf' },
            { label: { 'pt-BR': 'Documentação oficial da AWS', en: 'Official AWS documentation', es: 'Documentación oficial de AWS' }, href: 'https://docs.aws.amazon.com/' },
          ],
        },
      ],
      copyright: {
        'pt-BR': `Copyright © 2025 AWS Cheat Sheet. Conteúdo independente, sem vínculo com a Amazon Web Services.`,
        en: `Copyright © 2025 AWS Cheat Sheet. Independent content, not affiliated with Amazon Web Services.`,
        es: `Copyright © 2025 AWS Cheat Sheet. Contenido independiente, sin relación con Amazon Web Services.`,
      },
      lastUpdated: '2025-06-25',
    },
    // GitHub's "default" themes keep every token at WCAG AA contrast (the older github-light orange does not).
    code: { theme: { light: 'github-light-default', dark: 'github-dark-default' } },
    search: { reportUrl: `${repoUrl}/issues/new` },
    docs: { sidebar: { hideable: false, autoCollapseCategories: false } },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  },
  // Every service page cites the official pages its facts come from, and says when they were last checked.
  check: {
    sources: { heading: { 'pt-BR': 'Fontes', en: 'Sources', es: 'Fuentes' }, min: 3, except: ['intro', 'test', 'getting-started/*'] },
    verifiedMaxAgeMonths: 12,
  },
});

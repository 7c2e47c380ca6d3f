// Records from a small fixture site built in memory: one per page and one per heading, with the
// category as lvl0, the title as lvl1, nested headings, anchors, and the language and docs-tag facets.
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../build.ts';
import { makeSite, minimalContent, page } from '../../test/helpers/fixture-site.ts';
import { buildRecords, type SearchRecord } from './records.ts';
import { buildLocalIndex, memorySource } from './local-index.ts';
import { LocalSearch } from '../shared/search-engine.ts';

const body = [
  'Funções sem servidor.',
  '',
  '## Configuração',
  '',
  'Memória e tempo limite.',
  '',
  '### Variáveis de ambiente',
  '',
  '- Até 4 KB.',
  '',
  '## Preços',
  '',
  '| Item | Valor |',
  '|---|---|',
  '| Requisição | por milhão |',
  '',
  '```bash',
  'aws lambda invoke',
  '```',
].join('\n');

let recordsPt: SearchRecord[];
let recordsEn: SearchRecord[];

beforeAll(async () => {
  const root = makeSite({
    ...minimalContent,
    'content/pt-BR/compute/lambda.md': page('AWS Lambda', body, 'description: Computação sem servidor.\nkeywords: [funções sem servidor, FaaS]\n'),
    'content/pt-BR/compute/hidden.md': page('Página oculta', 'Lambda aqui também.', 'search: false\n'),
    'content/en/compute/lambda.md': page('AWS Lambda', '## What it is\n\nServerless functions.'),
  });
  const result = await build({ root, write: false, bundle: false });
  const options = { siteUrl: result.loaded.config.url, docsTag: 'docs-default-current' };
  recordsPt = buildRecords(result.table, 'pt-BR', options);
  recordsEn = buildRecords(result.table, 'en', options);
});

const of = (records: SearchRecord[], objectID: string) => records.find((r) => r.objectID === objectID);

describe('search records', () => {
  it('a page record: category, title, intro text, no anchor', () => {
    const r = of(recordsPt, '/aws-cheatsheet/pt-BR/docs/compute/lambda')!;
    expect(r).toMatchObject({
      type: 'lvl1',
      url: 'https://example.github.io/aws-cheatsheet/pt-BR/docs/compute/lambda',
      anchor: null,
      content: 'Funções sem servidor.',
      language: 'pt-BR',
      docusaurus_tag: 'docs-default-current',
    });
    expect(r.hierarchy).toEqual({ lvl0: 'Computação', lvl1: 'AWS Lambda', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null });
  });

  it('one record per heading, nested, with the anchor in the url (percent-encoded)', () => {
    const h2 = of(recordsPt, '/aws-cheatsheet/pt-BR/docs/compute/lambda#configuração')!;
    expect(h2.type).toBe('lvl2');
    expect(h2.url).toBe('https://example.github.io/aws-cheatsheet/pt-BR/docs/compute/lambda#configura%C3%A7%C3%A3o');
    expect(h2.content).toBe('Memória e tempo limite.');
    const h3 = of(recordsPt, '/aws-cheatsheet/pt-BR/docs/compute/lambda#variáveis-de-ambiente')!;
    expect(h3.type).toBe('lvl3');
    expect(h3.hierarchy).toMatchObject({ lvl0: 'Computação', lvl1: 'AWS Lambda', lvl2: 'Configuração', lvl3: 'Variáveis de ambiente', lvl4: null });
    expect(h3.content).toBe('Até 4 KB.');
    const next = of(recordsPt, '/aws-cheatsheet/pt-BR/docs/compute/lambda#preços')!;
    expect(next.hierarchy).toMatchObject({ lvl2: 'Preços', lvl3: null });
  });

  it('table text is content; code blocks are not', () => {
    const r = of(recordsPt, '/aws-cheatsheet/pt-BR/docs/compute/lambda#preços')!;
    expect(r.content).toContain('Requisição');
    expect(r.content).not.toContain('aws lambda invoke');
  });

  it('the description stands in for a page without intro text; pages without category use their title', () => {
    const en = of(recordsEn, '/aws-cheatsheet/docs/compute/lambda')!;
    expect(en.content).toBeNull();
    expect(en.hierarchy.lvl0).toBe('Compute');
    const start = of(recordsEn, '/aws-cheatsheet/docs/start')!;
    expect(start.hierarchy).toMatchObject({ lvl0: 'Start', lvl1: 'Start' });
  });

  it('records stay in their locale and have unique objectIDs', () => {
    expect(recordsEn.every((r) => r.language === 'en' && r.url.startsWith('https://example.github.io/aws-cheatsheet/docs/'))).toBe(true);
    expect(new Set(recordsPt.map((r) => r.objectID)).size).toBe(recordsPt.length);
  });

  it('a page with `search: false` has no record; keywords and description ride on the page record only', () => {
    expect(recordsPt.some((r) => r.url.includes('/hidden'))).toBe(false);
    const pageRecord = of(recordsPt, '/aws-cheatsheet/pt-BR/docs/compute/lambda')!;
    expect(pageRecord.keywords).toEqual(['funções sem servidor', 'FaaS']);
    expect(pageRecord.description).toBe('Computação sem servidor.');
    expect(recordsPt.filter((r) => r.keywords)).toHaveLength(1);
  });

  it('the local index built from the records finds a section with its hierarchy, text and marks', async () => {
    const engine = new LocalSearch(memorySource(buildLocalIndex(recordsPt, 'https://example.github.io', 'pt-BR')));
    const { hits } = await engine.search('variaveis de ambiente', { hitsPerPage: 20, snippetWords: 10 });
    expect(hits[0]).toMatchObject({
      url: '/aws-cheatsheet/pt-BR/docs/compute/lambda#vari%C3%A1veis-de-ambiente',
      type: 'lvl3',
      content: 'Até 4 KB.',
      hierarchy: { lvl0: 'Computação', lvl1: 'AWS Lambda', lvl2: 'Configuração', lvl3: 'Variáveis de ambiente' },
    });
    expect(hits[0]!._highlightResult.hierarchy.lvl3).toEqual([{ text: 'Variáveis', mark: true }, { text: ' de ' }, { text: 'ambiente', mark: true }]);
    // A keyword finds the page itself.
    expect((await engine.search('faas', { hitsPerPage: 20, snippetWords: 10 })).hits[0]).toMatchObject({ url: '/aws-cheatsheet/pt-BR/docs/compute/lambda', type: 'lvl1' });
  });
});

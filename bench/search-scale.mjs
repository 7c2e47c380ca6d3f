#!/usr/bin/env node
// node bench/search-scale.mjs [pages per locale…] — the split local index on the generated corpus (default
// 150, 600 and 2,000 pages per locale): per locale, the entry and the whole index (gzip -9), and what a
// visitor's first query downloads (entry + the shards and chunks it needs, gzip -9; budget ≤ 250 KB),
// over queries typed one letter at a time, each from a fresh engine; and that every answer equals the
// answer of the same index as one unsplit download. Not a test: it builds sites of thousands of pages.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { isDeepStrictEqual } from 'node:util';
import { corpusSite } from './corpus-site.mjs';
import { buildSite } from './built-site.mjs';
import { siteEngine, unsplitEngine } from './search-engine.mjs';

const BUDGET_KB = 250;
const OPTIONS = { hitsPerPage: 20, snippetWords: 10 };
// Words of the generated corpus: categories, headings, its common words, page names and code.
const QUERIES = {
  'pt-BR': ['computação', 'banco de dados', 'configuração', 'preços', 'limites e cotas', 'fila', 'política de acesso', 'kalora', 'cluster', 'região custo', 'cloudctl create', 'boas práticas'],
  en: ['compute', 'databases', 'configuration', 'pricing', 'limits and quotas', 'queue', 'access policy', 'kalora', 'cluster', 'region cost', 'cloudctl create', 'best practices'],
  es: ['cómputo', 'bases de datos', 'configuración', 'precios', 'límites y cuotas', 'cola', 'política de acceso', 'kalora', 'clúster', 'región costo', 'cloudctl create', 'buenas prácticas'],
};

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);

function folderGzip(dir) {
  let total = 0;
  for (const f of readdirSync(dir)) total += gz(readFileSync(join(dir, f)));
  return total;
}

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
for (const pages of sizes.length ? sizes : [150, 600, 2000]) {
  const root = corpusSite(pages);
  const started = Date.now();
  const dir = buildSite(root);
  console.log(`${pages} pages per locale (built in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const locale of ['pt-BR', 'en', 'es']) {
    const entryFile = readdirSync(join(dir, 'assets', 'search')).find((f) => f.startsWith(`index.${locale}.`));
    const entryGz = gz(readFileSync(join(dir, 'assets', 'search', entryFile)));
    const partsDir = join(dir, 'assets', 'search', locale);
    const parts = readdirSync(partsDir).length;
    const whole = entryGz + folderGzip(partsDir);
    const unsplit = unsplitEngine(dir, locale);
    let worst = 0;
    let worstQuery = '';
    let differ = 0;
    let compared = 0;
    for (const query of QUERIES[locale]) {
      for (let i = 1; i <= query.length; i++) {
        const q = query.slice(0, i);
        if (q.endsWith(' ')) continue;
        let bytes = 0;
        const fresh = siteEngine(dir, locale, (_path, data) => (bytes += gz(data)));
        const a = await fresh.search(q, OPTIONS);
        if (bytes > worst) [worst, worstQuery] = [bytes, q];
        compared++;
        if (!isDeepStrictEqual(a, await unsplit.search(q, OPTIONS))) differ++;
      }
    }
    console.log(
      `  ${locale}: entry ${kb(entryGz)} KB, whole index ${kb(whole)} KB in ${parts + 1} files; first query downloads at most ${kb(worst)} KB ("${worstQuery}") (budget ≤ ${BUDGET_KB} KB) ${worst <= BUDGET_KB * 1024 ? 'ok' : 'OVER'}; same answers as unsplit: ${compared - differ}/${compared}`,
    );
  }
  rmSync(root, { recursive: true, force: true });
  rmSync(join(dir, '..'), { recursive: true, force: true });
}

// What `serve` shows is what `build` ships: every page `serve` answers with is, byte for byte, the page a
// build with serve's options writes (unminified bundle, stable names for the files edits change), apart from
// the live-reload script — for every kind of route, in each of the three locales. The files those pages
// fetch (site data, route manifests, search index) are compared too.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../renderer/build.ts';
import { DevSite } from '../renderer/serve/dev-site.ts';
import { createDevHandler, type DevHandler } from '../renderer/serve/dev-server.ts';
import { DEV_CLIENT } from '../renderer/serve/dev-client.ts';
import { makeSite, minimalContent, page } from './helpers/fixture-site.ts';

const LOCALES = ['pt-BR', 'en', 'es'];
const KINDS = ['home', 'docsRoot', 'doc', 'search', 'notFound'];

const content: Record<string, string> = {
  ...minimalContent,
  'content/es/start.md': page('Inicio', '## Primera sección\n\nTexto en español.', 'sidebar_position: 1\n'),
  'content/es/compute/_category_.json': JSON.stringify({ label: 'Cómputo', position: 2 }),
  'content/es/compute/ec2.md': page('Amazon EC2', '## Qué es\n\nMáquinas virtuales.\n\n:::tip\n\nUn consejo.\n\n:::\n\n```sh title="run.sh"\naws ec2 describe-instances\n```'),
  'content/en/compute/lambda.md': page('AWS Lambda', '## What it is\n\nFunctions. See [EC2](./ec2.md#what-it-is).'),
};

describe('serve and build write the same pages', () => {
  let root: string;
  let built: BuildResult;
  let site: DevSite;
  let handler: DevHandler;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    root = makeSite(content, {
      config: {
        i18n: {
          locales: LOCALES,
          localeConfigs: { es: { label: 'Español', htmlLang: 'es', path: 'es' } },
        },
      },
    });
    built = await build({ root, write: false, minify: false, naming: 'stable' });
    site = new DevSite({ root, watch: false });
    await site.start();
    handler = createDevHandler(site);
    server = createServer(handler.handle);
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    handler?.close();
    await site?.close();
    await new Promise((ok) => server?.close(ok));
  });

  it('has no problems to report', () => {
    expect(site.problems).toEqual([]);
  });

  it('serves every route of every locale as build wrote it, plus only the live-reload script', async () => {
    const seen = new Set<string>();
    for (const route of built.table.routes) {
      const res = await fetch(origin + encodeURI(route.data.path));
      expect(res.status, route.data.path).toBe(200);
      const served = await res.text();
      const script = new RegExp(`<script src="${DEV_CLIENT}\\?s=[0-9a-f]+&amp;g=\\d+"></script>\\n</body>`);
      expect(served, route.data.path).toMatch(script);
      expect(served.replace(script, '</body>'), route.data.path).toBe(Buffer.from(built.files.get(route.outFile)!).toString('utf8'));
      seen.add(`${route.data.kind} ${route.data.locale}`);
    }
    expect([...seen].sort()).toEqual(KINDS.flatMap((k) => LOCALES.map((l) => `${k} ${l}`)).sort());
  });

  it('serves the files those pages fetch as build wrote them', async () => {
    const fetched = [...built.files.keys()].filter((f) => /^assets\/(site|routes|search|pages)\//.test(f) || f === 'sitemap.xml');
    expect(fetched.filter((f) => f.startsWith('assets/site/'))).toEqual(LOCALES.map((l) => `assets/site/${l}.json`));
    for (const file of fetched) {
      const res = await fetch(`${origin}/aws-cheatsheet/${file}`);
      expect(res.status, file).toBe(200);
      const served = await res.text();
      const wrote = Buffer.from(built.files.get(file)!).toString('utf8');
      // A manifest lists the same routes; its key order may differ once serve has patched it.
      if (file.startsWith('assets/routes/')) expect(JSON.parse(served), file).toEqual(JSON.parse(wrote));
      else expect(served, file).toBe(wrote);
    }
  });
});

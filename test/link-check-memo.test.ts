// A build whose pages and files are those the last build checked takes the last link check's result
// instead of checking every link again; any change to what the check reads checks again, and the result is
// always what a clean build reports.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../renderer/build.ts';
import { CACHE_DIR } from '../renderer/cache/build-cache.ts';
import { makeSite, minimalContent, page } from './helpers/fixture-site.ts';

const links = (r: Awaited<ReturnType<typeof build>>) => r.problems.map((p) => `${p.file ?? ''}:${p.line ?? ''} ${p.target ?? ''} ${p.message}`);

describe('the link check with the build cache', () => {
  it('is taken from the last build while nothing it reads changed, and equals a clean build after each change', async () => {
    const root = makeSite(
      {
        ...minimalContent,
        'content/en/compute/ec2.md': page('Amazon EC2', '## What it is\n\nVirtual machines. See [gone](./gone.md) and [the price list](/aws-cheatsheet/files/prices.txt).'),
      },
      { config: { onBrokenLinks: 'warn', onBrokenAnchors: 'warn' } },
    );
    const warm = () => build({ root, outDir: 'out', cacheDir: CACHE_DIR });
    const clean = () => build({ root, outDir: 'clean', write: false });
    const step = async (what: string, expected: 'cached' | 'checked') => {
      const r = await warm();
      expect(r.cache?.linkCheck, what).toEqual(expected === 'cached' ? { cached: 1, checked: 0 } : { cached: 0, checked: 1 });
      expect(links(r), what).toEqual(links(await clean()));
      return links(r);
    };
    const first = await step('cold', 'checked');
    expect(first).toEqual([
      'content/en/compute/ec2.md:7 /aws-cheatsheet/docs/compute/gone Broken link to /aws-cheatsheet/docs/compute/gone (no such page).',
      'content/en/compute/ec2.md:7 /aws-cheatsheet/files/prices.txt Broken link to /aws-cheatsheet/files/prices.txt (no such page).',
    ]);
    expect(await step('nothing changed', 'cached')).toEqual(first);

    // The broken link moves down a line: the page's HTML is the same, the line the warning quotes is not.
    const file = join(root, 'content/en/compute/ec2.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('## What it is\n', '## What it is\n\n'));
    const moved = await step('a blank line above the link', 'checked');
    expect(moved).toEqual(first.map((l) => l.replace('ec2.md:7', 'ec2.md:8')));
    expect(await step('nothing changed again', 'cached')).toEqual(moved);

    // A static file appears: the link to it is no longer broken (no page changed).
    mkdirSync(dirname(join(root, 'static/files/prices.txt')), { recursive: true });
    writeFileSync(join(root, 'static/files/prices.txt'), 'prices');
    const withFile = await step('the linked file added', 'checked');
    expect(withFile).toEqual(moved.slice(0, 1));

    // A heading renamed on the target page: a link to its old anchor breaks (only the target page changed).
    writeFileSync(join(root, 'content/pt-BR/start.md'), page('Início', '## Outra seção\n\nTexto em português.', 'sidebar_position: 1\n'));
    const anchor = await step('the target heading renamed', 'checked');
    expect(anchor).toEqual([...withFile, 'content/pt-BR/compute/ec2.md:7 /aws-cheatsheet/pt-BR/docs/start#primeira-se%C3%A7%C3%A3o Broken anchor to /aws-cheatsheet/pt-BR/docs/start#primeira-se%C3%A7%C3%A3o (no heading or element with id "primeira-seção" on /aws-cheatsheet/pt-BR/docs/start).']);
    expect(await step('nothing changed at last', 'cached')).toEqual(anchor);
  });
});

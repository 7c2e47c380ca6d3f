// A build whose pages and files are those the last build checked takes the last link check's result
// instead of checking every link again; a page is checked again when anything its links were resolved
// against changed (its own links, a page whose anchors it links to, a file it links to, the routes), and
// the result is always what a clean build reports.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    /** `pages`: how many pages' links are checked (the others' results are the last build's). */
    const step = async (what: string, expected: 'cached' | 'checked', pages?: number) => {
      const r = await warm();
      expect(r.cache?.linkCheck, what).toEqual(expected === 'cached' ? { cached: 1, checked: 0 } : { cached: 0, checked: 1 });
      if (pages !== undefined) expect(r.cache?.linkPages.checked, what).toBe(pages);
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
    const moved = await step('a blank line above the link', 'checked', 1);
    expect(moved).toEqual(first.map((l) => l.replace('ec2.md:7', 'ec2.md:8')));
    expect(await step('nothing changed again', 'cached')).toEqual(moved);

    // A static file appears: the link to it is no longer broken (no page changed).
    mkdirSync(dirname(join(root, 'static/files/prices.txt')), { recursive: true });
    writeFileSync(join(root, 'static/files/prices.txt'), 'prices');
    const withFile = await step('the linked file added', 'checked', 1);
    expect(withFile).toEqual(moved.slice(0, 1));

    // A heading renamed on the target page: a link to its old anchor breaks (only the target page changed).
    writeFileSync(join(root, 'content/pt-BR/start.md'), page('Início', '## Outra seção\n\nTexto em português.', 'sidebar_position: 1\n'));
    // (The target page and the page linking to its anchor are checked; the linking page did not change.)
    const anchor = await step('the target heading renamed', 'checked', 2);
    const brokenAnchor = 'content/pt-BR/compute/ec2.md:7 /aws-cheatsheet/pt-BR/docs/start#primeira-se%C3%A7%C3%A3o Broken anchor to /aws-cheatsheet/pt-BR/docs/start#primeira-se%C3%A7%C3%A3o (no heading or element with id "primeira-seção" on /aws-cheatsheet/pt-BR/docs/start).';
    expect(anchor).toEqual([...withFile, brokenAnchor]);
    expect(await step('nothing changed again', 'cached', 0)).toEqual(anchor);

    // The linked file goes again: the link that found it breaks, though its page did not change.
    rmSync(join(root, 'static/files/prices.txt'));
    const withoutFile = await step('the linked file removed', 'checked', 1);
    expect(withoutFile).toEqual([...moved, brokenAnchor]);

    // A broken link written into a page that had none (no page links to its anchors: only it is checked).
    writeFileSync(join(root, 'content/en/start.md'), page('Start', '## First section\n\nText in English. See [nowhere](./nowhere.md).', 'sidebar_position: 1\n'));
    const written = await step('a broken link written', 'checked', 1);
    expect(written).toContain('content/en/start.md:8 /aws-cheatsheet/docs/nowhere Broken link to /aws-cheatsheet/docs/nowhere (no such page).');
    expect(written).toHaveLength(withoutFile.length + 1);

    // A page that a page of another locale links to goes: that link breaks, though the page with it did not
    // change (its sidebar and locale links are its own locale's and its own page's): the routes did.
    const toPage = 'See [nowhere](./nowhere.md) and [o EC2](/aws-cheatsheet/pt-BR/docs/compute/ec2).';
    writeFileSync(join(root, 'content/en/start.md'), page('Start', `## First section\n\nText in English. ${toPage}`, 'sidebar_position: 1\n'));
    expect(await step('a link to a page of another locale', 'checked', 1)).toEqual(written);
    rmSync(join(root, 'content/pt-BR/compute/ec2.md'));
    const gone = await step('the linked page removed', 'checked');
    expect(gone).toContain('content/en/start.md:8 /aws-cheatsheet/pt-BR/docs/compute/ec2 Broken link to /aws-cheatsheet/pt-BR/docs/compute/ec2 (no such page).');
    expect(await step('nothing changed at last', 'cached', 0)).toEqual(gone);
  });
});

// What the CLI's build lets go of while it renders (BuildOptions.freeDocHtml): the docs' HTML, once the pages
// made from it are rendered. What it writes must not change.
import { describe, expect, it } from 'vitest';
import { build } from '../renderer/build.ts';
import { makeSite, minimalContent, page } from './helpers/fixture-site.ts';

describe('a build that lets go of the docs HTML as it renders', () => {
  it("empties each doc's HTML once its pages are rendered, and writes the same files as a build that keeps it", { timeout: 120_000 }, async () => {
    // A Mermaid diagram: whether the site ships Mermaid is asked of the docs' HTML after the render.
    const root = makeSite({ ...minimalContent, 'content/en/compute/ec2.md': page('Amazon EC2', '## What it is\n\n```mermaid\ngraph TD\n  A --> B\n```') });
    const kept = await build({ root, write: false, bundle: false });
    const freed = await build({ root, write: false, bundle: false, freeDocHtml: true });
    expect([...freed.files.keys()].sort()).toEqual([...kept.files.keys()].sort());
    expect([...kept.files.keys()].some((f) => f.startsWith('assets/mermaid/'))).toBe(true);
    const differ = [...kept.files].filter(([file, bytes]) => Buffer.compare(Buffer.from(freed.files.get(file) as Uint8Array), Buffer.from(bytes as Uint8Array)) !== 0);
    expect(differ.map(([file]) => file)).toEqual([]);
    const docs = [...freed.content.values()].flatMap((l) => l.docs);
    expect(docs.length).toBeGreaterThanOrEqual(4);
    expect(docs.filter((d) => d.html !== '').map((d) => `${d.locale}/${d.relPath}`)).toEqual([]);
    expect([...kept.content.values()].flatMap((l) => l.docs).every((d) => d.html !== '')).toBe(true);
  });
});

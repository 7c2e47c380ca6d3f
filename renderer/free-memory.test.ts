import { describe, expect, it } from 'vitest';
import type { LocaleContent } from './content/load.ts';
import type { ProcessedDoc } from './content/process-doc.ts';
import { collectGarbage, dropSearchText } from './free-memory.ts';

describe('collectGarbage', () => {
  it('collects what nothing refers to any more, without --expose-gc', async () => {
    let big: number[] | undefined = Array.from({ length: 100_000 }, (_, i) => i);
    const ref = new WeakRef(big);
    big = undefined;
    // A WeakRef's target is kept until the end of the current job: the collection must come after it.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});

describe('dropSearchText', () => {
  it('empties every doc’s sections and leaves the rest', () => {
    const doc = { html: '<p>a</p>', sections: [{ level: 1, text: ['a'] }] } as unknown as ProcessedDoc;
    const content = new Map<string, LocaleContent>([['en', { locale: 'en', docs: [doc], categories: new Map() } as unknown as LocaleContent]]);
    dropSearchText(content);
    expect(doc.sections).toEqual([]);
    expect(doc.html).toBe('<p>a</p>');
  });
});

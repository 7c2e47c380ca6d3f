// The scanner reads every rendered page for the link checker: only real id and href attributes count.
import { describe, expect, it } from 'vitest';
import { collectHrefs, collectIds, StringPool } from './html-scan.ts';

const page = [
  '<h2 class="anchor" id="configuração">Configuração<a href="#configuração" class="hash-link" aria-label="Link">#</a></h2>',
  '<div data-id="not-an-id" id="a&amp;b"><a\nclass="menu__link" data-href="/nope" href="/docs/x?a=1&amp;b=2">x</a></div>',
  '<a>no target</a> <abbr title="id=&quot;x&quot;">t</abbr> <article id="art"><a id="top"></a></article>',
  '<pre><code>&lt;a href=&quot;/in-code&quot;&gt; id=&quot;code&quot;</code></pre>',
  '<script id="__DATA__" type="application/json">{"id":"json","href":"/json"}</script>',
  '<a class="x" href="">empty</a><a title="a" href="https://aws.amazon.com/" rel="noopener">ext</a>',
].join('\n');

describe('html scan', () => {
  it('finds id attributes, decoded, and nothing that only looks like one', () => {
    expect([...collectIds(page)]).toEqual(['configuração', 'a&b', 'art', 'top', '__DATA__']);
  });

  it('finds the href of every link, decoded, and nothing else', () => {
    expect(collectHrefs(page)).toEqual(['#configuração', '/docs/x?a=1&b=2', '', 'https://aws.amazon.com/']);
  });

  it('hands out one string per distinct value through a pool', () => {
    const pool = new StringPool();
    const [a] = collectHrefs('<a href="/same">1</a>', pool);
    const [b] = collectHrefs('<p><a href="/same">2</a></p>', pool);
    expect(a).toBe('/same');
    expect(Object.is(a, b)).toBe(true);
  });
});

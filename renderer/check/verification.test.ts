import { describe, expect, it } from 'vitest';
import { addMonths, checkVerification, lastSection, type VerificationPage } from './verification.ts';

const sources = (n: number, heading = 'Sources') =>
  `## ${heading}\n\n${Array.from({ length: n }, (_, i) => `- [Page ${i}](https://docs.aws.amazon.com/x/${i}.html)`).join('\n')}\n`;
const pageOf = (body: string, extra: Partial<VerificationPage> = {}): VerificationPage => ({ locale: 'en', id: 'compute/ec2', relPath: 'compute/ec2.md', file: 'content/en/compute/ec2.md', body, bodyLine: 5, lastVerified: '2026-11-01', lastVerifiedLine: 3, ...extra });
const rules = { heading: (l: string) => (l === 'pt-BR' ? 'Fontes' : 'Sources'), min: 3, except: ['intro', 'getting-started/*'], maxAgeMonths: 12, today: '2026-11-24' };

const problemsOf = (pages: VerificationPage[], r: typeof rules) => checkVerification(pages, r).problems;

describe('lastSection', () => {
  it('finds the last h2 and its links, ignoring headings and links inside code fences', () => {
    const body = `## What it is\n\nText [a](https://a.example).\n\n${sources(2)}- <https://aws.amazon.com/sqs/faqs/>\n\n\`\`\`md\n## Not a heading\n[x](https://no.example)\n\`\`\`\n`;
    expect(lastSection(body)).toEqual({ heading: 'Sources', line: 5, urls: ['https://docs.aws.amazon.com/x/0.html', 'https://docs.aws.amazon.com/x/1.html', 'https://aws.amazon.com/sqs/faqs/'] });
  });
});

describe('checkVerification', () => {
  it('passes a page that ends with enough sources and was verified recently', () => {
    expect(problemsOf([pageOf(`## What\n\nx\n\n${sources(3)}`)], rules)).toEqual([]);
  });

  it('reports a page whose last section is not the sources, with the line of that section', () => {
    const [p] = problemsOf([pageOf(`${sources(3)}\n## Related\n\n- x\n`)], rules);
    expect(p).toMatchObject({ kind: 'unsourced', line: 5 + 7 - 1 });
    expect(p!.message).toContain('"## Sources"');
    expect(p!.message).toContain('its last section is "Related"');
  });

  it('reports too few sources, in the heading of the page locale', () => {
    const [p] = problemsOf([pageOf(sources(2, 'Fontes'), { locale: 'pt-BR' })], rules);
    expect(p).toMatchObject({ kind: 'unsourced', line: 5 });
    expect(p!.message).toBe('"## Fontes" links 2 sources; cite at least 3');
  });

  it('reports a missing, an old and a future last_verified (on the line of the key)', () => {
    const body = sources(3);
    expect(problemsOf([pageOf(body, { lastVerified: undefined, lastVerifiedLine: undefined })], rules)).toMatchObject([{ kind: 'unverified', line: 1 }]);
    expect(problemsOf([pageOf(body, { lastVerified: '2025-11-24' })], rules)).toEqual([]);
    expect(problemsOf([pageOf(body, { lastVerified: '2025-11-23' })], rules)).toMatchObject([{ kind: 'stale', line: 3 }]);
    expect(problemsOf([pageOf(body, { lastVerified: '2025-11-23' })], { ...rules, maxAgeMonths: 13 })).toEqual([]);
    expect(problemsOf([pageOf(body, { lastVerified: '2026-12-01' })], rules)[0]!.message).toContain('in the future');
  });

  it('leaves out the exceptions and category index pages', () => {
    expect(checkVerification([pageOf('x')], rules).checked).toBe(1);
    const pages = [pageOf('x', { id: 'intro', relPath: 'intro.md' }), pageOf('x', { id: 'getting-started/contributing', relPath: 'getting-started/contributing.md' }), pageOf('x', { id: 'compute', relPath: 'compute/index.md' })];
    expect(problemsOf(pages, rules)).toEqual([]);
  });

  it('adds months the way a calendar does', () => {
    expect(addMonths('2025-11-24', 12)).toBe('2026-11-24');
    expect(addMonths('2026-01-31', 1)).toBe('2026-03-03');
  });
});

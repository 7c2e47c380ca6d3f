// The `check` report as a person reads it: one section per kind of problem, each line naming the file
// and what to do, then a one-line verdict.
import { formatProblem } from '../problems.ts';
import type { CheckReport } from './run-check.ts';

export interface Paint {
  red: (s: string) => string;
  yellow: (s: string) => string;
  green: (s: string) => string;
  bold: (s: string) => string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const indent = (text: string, pad: string) => pad + text.replace(/\n/g, `\n${pad}`);

export function formatReport(report: CheckReport, paint: Paint): string {
  const out: string[] = [];
  const ok = paint.green('✓');
  const bad = paint.red('✗');
  const warn = paint.yellow('!');

  out.push(paint.bold('Build checks') + ' (config, front matter, Markdown, templates, links and anchors)');
  if (!report.errors.length) out.push(`  ${ok} no problems in ${plural(report.pages, 'page')}`);
  for (const p of report.errors) out.push(indent(`${bad} ${formatProblem(p)}`, '  '));
  for (const w of report.warnings) out.push(`  ${warn} ${w}`);
  out.push('');

  const t = report.translations;
  if (!t) out.push(paint.bold('Translations') + ': not checked (the pages could not be read; fix the problems above first)');
  else {
    out.push(`${paint.bold('Translations')} (source locale: ${t.sourceLocale})`);
    out.push(`  Missing pages: ${t.missing.length ? '' : `${ok} none`}`);
    for (const m of t.missing) out.push(`    ${bad} ${m.file} — translate ${m.source}`);
    const staleMark = report.strict ? bad : warn;
    out.push(`  Stale translations: ${t.stale.length ? '' : `${ok} none`}`);
    for (const s of t.stale) out.push(`    ${staleMark} ${s.file} — ${s.source} changed after it: ${s.reason}`);
    if (t.staleBasis.unknown) out.push(`    (${plural(t.staleBasis.unknown, 'translation')} could not be dated: no source_hash in the front matter and no git history)`);
    out.push(`  Outline mismatches: ${t.outline.length ? '' : `${ok} none`}`);
    for (const o of t.outline) {
      out.push(`    ${bad} ${o.file} — its h2 headings do not follow ${o.source}`);
      out.push(`        expected: ${o.expected.join(' → ') || '(no h2)'}`);
      out.push(`        found:    ${o.actual.join(' → ') || '(no h2)'}`);
    }
  }
  out.push('');

  const v = report.verification;
  if (v) {
    const mark = report.strict ? bad : warn;
    out.push(`${paint.bold('Sources and verification')} (${plural(v.checked, 'page')}; verified within ${plural(v.maxAgeMonths, 'month')})`);
    if (!v.problems.length) out.push(`  ${ok} every page cites its sources and was verified recently`);
    for (const p of v.problems) out.push(`  ${mark} ${p.file}:${p.line}: ${p.message}`);
    out.push('');
  }

  const counts = [
    report.errors.length && plural(report.errors.length, 'build problem'),
    t?.missing.length && plural(t.missing.length, 'missing translation'),
    t?.outline.length && plural(t.outline.length, 'outline mismatch', 'outline mismatches'),
    t?.stale.length && `${plural(t.stale.length, 'stale translation')}${report.strict ? '' : ' (fails only with --strict)'}`,
    v?.problems.length && `${plural(v.problems.length, 'source or verification problem')}${report.strict ? '' : ' (fails only with --strict)'}`,
  ].filter(Boolean);
  out.push(report.ok ? `${ok} ${paint.bold('check passed')}${counts.length ? `: ${counts.join(', ')}` : ''}` : `${bad} ${paint.bold('check failed')}: ${counts.join(', ')}`);
  return out.join('\n') + '\n';
}

import { describe, expect, it } from 'vitest';
import { mapSidebars } from './map-sidebars.ts';

describe('mapSidebars: labels translated by current.json', () => {
  it('finds a category, doc or link by its `key` when it has one, else by its label', () => {
    const raw = {
      main: [
        { type: 'category', label: 'Start', items: ['intro'] },
        { type: 'category', label: 'Guide', items: [{ type: 'category', label: 'Start', key: 'guide-start', items: ['guide/first'] }] },
        { type: 'doc', id: 'faq', label: 'Questions' },
        { type: 'link', href: 'https://example.org', label: 'Home page', key: 'home' },
      ],
    };
    const current = new Map([['pt', { 'sidebar.main.category.Start': 'Início', 'sidebar.main.category.guide-start': 'Primeiros passos', 'sidebar.main.doc.Questions': 'Perguntas', 'sidebar.main.link.home': 'Página inicial' }]]);
    const { sidebars } = mapSidebars(raw, 'sidebars.js', current, 'en');
    expect(sidebars.main).toEqual([
      { type: 'category', label: { en: 'Start', pt: 'Início' }, items: ['intro'] },
      { type: 'category', label: 'Guide', items: [{ type: 'category', label: { en: 'Start', pt: 'Primeiros passos' }, items: ['guide/first'] }] },
      { type: 'doc', id: 'faq', label: { en: 'Questions', pt: 'Perguntas' } },
      { type: 'link', href: 'https://example.org', label: { en: 'Home page', pt: 'Página inicial' } },
    ]);
  });
});

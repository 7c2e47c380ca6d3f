// The outline every service page follows, per locale: its h2 headings in order, and the hint `new-page`
// writes under each. One source for the content test, `cheatsheet new-page` and `cheatsheet check`.

export type OutlineLocale = 'pt-BR' | 'en' | 'es';

/** The nine h2 headings of a service page, in order: the sources the facts come from come last. */
export const SERVICE_OUTLINE: Record<OutlineLocale, readonly string[]> = {
  'pt-BR': ['O que é', 'Casos de uso', 'Conceitos e recursos principais', 'Limites e cotas', 'Preços', 'Comparação', 'Dicas para o exame', 'Serviços relacionados', 'Fontes'],
  en: ['What it is', 'Use cases', 'Key concepts and features', 'Limits and quotas', 'Pricing', 'Comparison', 'Exam tips', 'Related services', 'Sources'],
  es: ['Qué es', 'Casos de uso', 'Conceptos y características clave', 'Límites y cuotas', 'Precios', 'Comparación', 'Consejos para el examen', 'Servicios relacionados', 'Fuentes'],
};

/** Index of the "Related services" section in SERVICE_OUTLINE. */
export const RELATED_SERVICES_INDEX = 7;

/** What to write under each heading: a short hint per section, in the page's language. */
export const OUTLINE_HINTS: Record<OutlineLocale, readonly string[]> = {
  'pt-BR': [
    'Nome oficial completo, que tipo de serviço é (gerenciado, serverless, global ou regional) e o seu posicionamento em uma frase.',
    'Pelo menos quatro casos concretos em que o serviço é a escolha certa.',
    'Pelo menos cinco itens, cada um com o termo em **negrito** e uma explicação curta.',
    'Números reais publicados pela AWS, indicando quais são padrões que podem ser aumentados.',
    'O que é cobrado e o nível gratuito, se houver (o modelo, não valores que ficam desatualizados).',
    'Uma tabela comparando o serviço com as alternativas mais próximas.',
    'Os cenários que apontam para este serviço nas questões de certificação AWS.',
    'Links relativos (`../categoria/pagina.md`) para as páginas relacionadas deste site.',
    'Pelo menos três links para as páginas oficiais da AWS de onde vêm os fatos (guia do usuário, cotas, preços, FAQ, anúncios); depois de conferir, atualize `last_verified`.',
  ],
  en: [
    'The full official name, what kind of service it is (managed, serverless, global or regional) and its one-line positioning.',
    'At least four concrete cases where this service is the right choice.',
    'At least five bullets, each starting with a **bold** term and a short explanation.',
    'Real figures published by AWS, marking which defaults can be raised.',
    'What is billed and the free tier if there is one (the model, not prices that go stale).',
    'A table comparing the service with its closest alternatives.',
    'The scenarios that point to this service in AWS certification questions.',
    'Relative links (`../category/page.md`) to the related pages of this site.',
    'At least three links to the official AWS pages the facts come from (user guide, quotas, pricing, FAQ, announcements); once checked, update `last_verified`.',
  ],
  es: [
    'El nombre oficial completo, qué tipo de servicio es (administrado, serverless, global o regional) y su posicionamiento en una frase.',
    'Al menos cuatro casos concretos en los que este servicio es la opción adecuada.',
    'Al menos cinco viñetas, cada una con el término en **negrita** y una explicación breve.',
    'Cifras reales publicadas por AWS, indicando qué valores predeterminados se pueden ampliar.',
    'Qué se factura y la capa gratuita, si existe (el modelo, no precios que quedan desactualizados).',
    'Una tabla que compara el servicio con sus alternativas más cercanas.',
    'Los escenarios que apuntan a este servicio en las preguntas de certificación de AWS.',
    'Enlaces relativos (`../categoria/pagina.md`) a las páginas relacionadas de este sitio.',
    'Al menos tres enlaces a las páginas oficiales de AWS de las que vienen los datos (guía del usuario, cuotas, precios, preguntas frecuentes, anuncios); tras comprobarlos, actualice `last_verified`.',
  ],
};

const isOutlineLocale = (locale: string): locale is OutlineLocale => Object.hasOwn(SERVICE_OUTLINE, locale);

/** The outline of a locale; a locale without its own falls back to English. */
export function outlineFor(locale: string): { heading: string; hint: string }[] {
  const l: OutlineLocale = isOutlineLocale(locale) ? locale : 'en';
  return SERVICE_OUTLINE[l].map((heading, i) => ({ heading, hint: OUTLINE_HINTS[l][i]! }));
}

/** Position of a heading in its locale's outline, or -1 when it is not an outline heading. */
export function outlineIndex(locale: string, heading: string): number {
  return isOutlineLocale(locale) ? SERVICE_OUTLINE[locale].indexOf(heading) : -1;
}

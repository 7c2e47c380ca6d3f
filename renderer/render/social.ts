// Social cards: what a link shared on a social network or in a chat shows. With an image (routes/
// social-image.ts) Open Graph's og:image and Twitter's large-image card; without, the small text card.
import type { HeadData } from '../shared/types.ts';
import { escapeHtml } from './escape.ts';

export function socialTags(head: HeadData): string[] {
  if (!head.image) return [`<meta name="twitter:card" content="summary">`];
  const image = escapeHtml(head.image);
  const alt = head.imageAlt ? escapeHtml(head.imageAlt) : undefined;
  return [
    `<meta property="og:image" content="${image}">`,
    alt ? `<meta property="og:image:alt" content="${alt}">` : '',
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:image" content="${image}">`,
    alt ? `<meta name="twitter:image:alt" content="${alt}">` : '',
  ].filter(Boolean);
}

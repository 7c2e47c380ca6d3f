import { describe, expect, it } from 'vitest';
import { absoluteImageUrl } from './social-image.ts';

const site = { url: 'https://octo.github.io', baseUrl: '/aws-notes/' };

describe('social card URLs', () => {
  it('puts a path under static/ at the site address, with or without a leading slash', () => {
    expect(absoluteImageUrl('img/card.png', site)).toBe('https://octo.github.io/aws-notes/img/card.png');
    expect(absoluteImageUrl('/img/card.png', site)).toBe('https://octo.github.io/aws-notes/img/card.png');
    expect(absoluteImageUrl('./img/a card.png', site)).toBe('https://octo.github.io/aws-notes/img/a%20card.png');
  });

  it('keeps absolute and protocol-relative URLs', () => {
    expect(absoluteImageUrl('https://cdn.octo.test/card.png', site)).toBe('https://cdn.octo.test/card.png');
    expect(absoluteImageUrl('//cdn.octo.test/card.png', site)).toBe('//cdn.octo.test/card.png');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { markdownInput } from '../test-input.ts';
import { renderMdx } from './render.ts';

// Which compiles ran, production or development (code with every element's source position).
const modes = vi.hoisted(() => [] as boolean[]);
vi.mock('@mdx-js/mdx', async (importOriginal) => {
  const mdx = await importOriginal<typeof import('@mdx-js/mdx')>();
  return { ...mdx, compile: (file: unknown, options: { development?: boolean }) => (modes.push(options.development === true), mdx.compile(file as never, options)) };
});

const input = (body: string) => ({ ...markdownInput(body, { file: 'content/en/x.mdx', lineOffset: 3 }), absPath: '/site/content/en/x.mdx', siteRoot: '/site' });

describe('renderMdx compiles in production, and in development only to locate a render error', () => {
  it('compiles a page that renders once, without source positions', async () => {
    modes.length = 0;
    const page = await renderMdx(input('export const n = 2;\n\n# Title\n\nTwo is {n}.\n'));
    expect(page.html).toContain('Two is 2.');
    expect(modes).toEqual([false]);
  });

  it('compiles a page whose render fails again with them, and names the line of the element before the failing code', async () => {
    modes.length = 0;
    await expect(renderMdx(input('# Title\n\nFine.\n\nBroken: {missing.name}\n'))).rejects.toMatchObject({ location: { file: 'content/en/x.mdx', line: 6 }, message: expect.stringContaining('(in the code after the element on this line)') });
    expect(modes).toEqual([false, true]);
  });
});

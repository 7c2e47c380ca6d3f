import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { packageRoot } from '../paths.ts';
import { bundleTemplates, themeKey } from '../render/templates.ts';
import { bundleClientFiles } from './client.ts';
import { prebuiltClient, prebuiltDir, prebuiltTemplates, savePrebuilt, type ClientBundleFiles } from './prebuilt.ts';

const cleanup: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const d of cleanup.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('prebuilt theme', () => {
  it('is what a live bundle of the theme gives today, byte for byte (npm run compile made it)', async () => {
    expect(existsSync(join(prebuiltDir(), 'manifest.json')), 'dist/theme/ is missing: run `npm run compile`').toBe(true);
    const root = packageRoot();
    const key = themeKey(root);
    const prebuilt = prebuiltClient(key);
    expect(prebuilt, 'the prebuilt theme is stale or was made from other inputs').toBeDefined();
    const live = await bundleClientFiles(key, { root, templatesDir: join(root, 'templates'), minify: true });
    expect([...prebuilt!.files.keys()].sort()).toEqual([...live.files.keys()].sort());
    for (const [name, data] of live.files) expect(Buffer.compare(Buffer.from(prebuilt!.files.get(name)!), Buffer.from(data)), name).toBe(0);
    expect({ entry: prebuilt!.entry, preload: prebuilt!.preload, css: prebuilt!.css, pageChunks: prebuilt!.pageChunks }).toEqual({ entry: live.entry, preload: live.preload, css: live.css, pageChunks: live.pageChunks });
    expect(prebuilt!.inputs.sort()).toEqual(live.inputs.sort());

    const templates = prebuiltTemplates(key);
    expect(templates).toBeDefined();
    const liveTemplates = await bundleTemplates(join(root, 'templates'), root);
    expect(readFileSync(templates!.file, 'utf8')).toBe(liveTemplates.code);
    expect(templates!.inputs.sort()).toEqual(liveTemplates.inputs.sort());
  });

  it('is not used once an input changes, nor for a site with page modules or a client of its own', () => {
    // Inputs must live inside the package: a scratch folder under node_modules/.cache stands in for the theme.
    const scratch = join(packageRoot(), 'node_modules', '.cache', `prebuilt-test-${process.pid}`);
    mkdirSync(scratch, { recursive: true });
    cleanup.push(scratch);
    const dir = mkdtempSync(join(tmpdir(), 'cheatsheet-prebuilt-'));
    cleanup.push(dir);
    const input = join(scratch, 'entry.tsx');
    const template = join(scratch, 'server.tsx');
    writeFileSync(input, 'export const a = 1;');
    writeFileSync(template, 'export const b = 1;');
    const key = { clientDir: join(packageRoot(), 'client'), pages: [{ name: 'home', file: join(packageRoot(), 'templates', 'pages', 'home.tsx') }] };
    const client: ClientBundleFiles = { files: new Map([['assets/main.X.js', new TextEncoder().encode('main')]]), entry: 'assets/main.X.js', preload: [], css: [], pageChunks: {}, inputs: [input] };
    savePrebuilt(key, client, { code: 'export const ssr = 1;', inputs: [template] }, dir);

    const found = prebuiltClient(key, dir);
    expect(found?.entry).toBe('assets/main.X.js');
    expect(new TextDecoder().decode(found!.files.get('assets/main.X.js'))).toBe('main');
    expect(readFileSync(prebuiltTemplates(key, dir)!.file, 'utf8')).toBe('export const ssr = 1;');

    writeFileSync(input, 'export const a = 2;');
    expect(prebuiltClient(key, dir)).toBeUndefined();
    // The server bundle has inputs of its own and is still current.
    expect(prebuiltTemplates(key, dir)).toBeDefined();
    writeFileSync(template, 'export const b = 2;');
    expect(prebuiltTemplates(key, dir)).toBeUndefined();
    writeFileSync(input, 'export const a = 1;');
    writeFileSync(template, 'export const b = 1;');
    expect(prebuiltClient(key, dir)).toBeDefined();

    const ownPage = { ...key, pages: [...key.pages, { name: 'about', file: '/site/templates/pages/about.tsx' }] };
    expect(prebuiltClient(ownPage, dir)).toBeUndefined();
    expect(prebuiltTemplates(ownPage, dir)).toBeUndefined();
    expect(prebuiltClient({ ...key, clientDir: '/site/client' }, dir)).toBeUndefined();

    rmSync(input);
    expect(prebuiltClient(key, dir)).toBeUndefined();
  });

  it('remembers its check in the memo while every input is unchanged, and checks again after any change', () => {
    const scratch = join(packageRoot(), 'node_modules', '.cache', `prebuilt-memo-test-${process.pid}`);
    mkdirSync(scratch, { recursive: true });
    cleanup.push(scratch);
    const dir = mkdtempSync(join(tmpdir(), 'cheatsheet-prebuilt-'));
    cleanup.push(dir);
    const input = join(scratch, 'entry.tsx');
    writeFileSync(input, 'export const a = 1;');
    const key = { clientDir: join(packageRoot(), 'client'), pages: [{ name: 'home', file: join(packageRoot(), 'templates', 'pages', 'home.tsx') }] };
    const client: ClientBundleFiles = { files: new Map([['assets/main.X.js', new TextEncoder().encode('main')]]), entry: 'assets/main.X.js', preload: [], css: [], pageChunks: {}, inputs: [input] };
    savePrebuilt(key, client, { code: 'export const ssr = 1;', inputs: [input] }, dir);
    const file = join(dir, 'memo', 'theme-client.json');
    // Written only by the build cache's save (after a successful build): here, at once.
    const memo = { file, keepOnSave: (keep: () => void) => keep() };
    // As if the files had been written long before (a memo is kept only for files settled 2 s).
    const later = (ms: number) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + ms);
    };
    later(10_000);
    expect(prebuiltClient(key, dir, memo)).toBeDefined();
    expect(existsSync(file), 'kept').toBe(true);
    expect(prebuiltClient(key, dir, memo)).toBeDefined();
    // Same size, same content length: the stat (times, inode) tells, not the hash of the content.
    vi.useRealTimers();
    writeFileSync(input, 'export const a = 2;');
    expect(prebuiltClient(key, dir, memo), 'an input changed').toBeUndefined();
    writeFileSync(input, 'export const a = 1;');
    later(10_000);
    expect(prebuiltClient(key, dir, memo), 'the same content again').toBeDefined();
    vi.useRealTimers();
    // A damaged memo is only a miss.
    writeFileSync(file, '{');
    expect(prebuiltClient(key, dir, memo)).toBeDefined();
    rmSync(input);
    expect(prebuiltClient(key, dir, memo), 'an input removed').toBeUndefined();
  });
});

import { defineConfig } from 'vitest/config';

// Tests build fixture sites whose expected URLs are the configs' own: an address set for this shell or by
// a CI (renderer/config/site-url.ts) must not leak into them. Tests that want one pass it explicitly.
for (const name of ['CHEATSHEET_URL', 'CHEATSHEET_BASE_URL', 'CHEATSHEET_REPO_URL', 'GITHUB_ACTIONS', 'GITHUB_REPOSITORY', 'GITHUB_SERVER_URL']) delete process.env[name];

export default defineConfig({
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'build/**', 'dist/**', 'test/.tmp/**', 'bench/**'],
    globalSetup: ['test/setup/global.ts'],
    testTimeout: 60_000,
    // expect.poll waits on a condition (a browser drawing, a server rebuilding): its default of 1 s is a
    // fixed deadline in disguise, which a loaded 2-core machine misses (CI: mermaid's 3 MB module parsed
    // and the diagram drawn took longer). A passing condition returns at once; only a failing one waits.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});

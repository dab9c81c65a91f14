import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));

export default defineConfig({
  // The self-reference `toolwright` (generated code, conformance tests) resolves to the sources,
  // as tsconfig.json "paths" does for tsc and tsx.
  resolve: {
    alias: [
      { find: /^toolwright$/, replacement: source('index.ts') },
      { find: /^toolwright\/(testing|validator-runtime)$/, replacement: source('$1.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // Long soak and race loops run on their own: `npm run test:stress`.
    exclude: process.env.TOOLWRIGHT_STRESS === '1' ? configDefaults.exclude : [...configDefaults.exclude, 'test/stress/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores on CI: keep parallelism modest so timing-sensitive process tests stay honest.
    maxWorkers: 2,
  },
});

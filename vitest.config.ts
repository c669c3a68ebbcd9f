import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `import … from 'mqspec'` (the package's self-reference) resolves to the TypeScript sources through this export
  // condition, so the library-API test runs without a build; outside vitest the same `exports` point at dist/.
  resolve: { conditions: ['mqspec:source'] },
  ssr: { resolve: { conditions: ['mqspec:source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 60_000,
    reporters: ['default'],
  },
});

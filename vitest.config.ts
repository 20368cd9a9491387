import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['schema', 'ops', 'api', 'music', 'web', 'test-support', 'examples/typed-client', 'scripts'],
    // Most test files wait on servers, databases and sockets more than they compute: one file more
    // than there are cores keeps every core busy (Vitest's default leaves one idle).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? availableParallelism() + 1),
    // With a worker on every core, the collector's helper threads only take cores from other workers: each worker
    // collects on its own thread, in a young generation four times the default, for 5 % less processor time
    // (docs/decisions/069).
    execArgv: ['--max-semi-space-size=64', '--single-threaded-gc'],
    // One copy of a new embedded cluster for every worker's new stores, made at the first store; and, once every
    // file has ended, the PostgreSQL catalogs vacuumed of what the files' schemas left in them.
    globalSetup: ['test-support/cluster-copy.ts', 'test-support/catalog-upkeep.ts'],
    coverage: {
      provider: 'v8',
      include: ['api/src/**/*.ts', 'music/src/**/*.ts', 'ops/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'schema/**/*.ts'],
      exclude: ['**/*.test.{ts,tsx}', '**/__generated__/**', '**/__fixtures__/**', '**/*.d.ts'],
      reporter: ['text-summary', ['json-summary', { file: 'coverage-summary.json' }]],
      reportsDirectory: '.reports/coverage',
      // A little under what the suite reaches: a change that leaves code untested fails the run.
      thresholds: { statements: 86, branches: 75, functions: 83, lines: 88 },
    },
  },
});

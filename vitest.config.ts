import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
    environment: 'node',
    // a bound against hangs, not a speed limit: a loaded machine (load 10–30 on 2 cores) runs a test many times slower
    testTimeout: 300_000,
  },
});

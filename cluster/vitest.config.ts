import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.cluster.test.ts'],
    // Thousands of triggers through nginx, a crash and a restart on a busy 2-core machine: the test
    // waits for events (rows settled, sockets reopened), and this is only the ceiling.
    testTimeout: 600_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});

import { defineProject } from 'vitest/config';

// The kit's logic that has no picture (the booking calendar's days and times in a zone), in Node beside the other
// packages' unit tests; the stories are the storybook project (vitest.config.ts).
export default defineProject({
  test: {
    name: 'ui-unit',
    // Two files at a time, each worker's files in one process, as the other unit projects, with which it shares the
    // first group.
    maxWorkers: 2,
    isolate: false,
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});

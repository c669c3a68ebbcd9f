import { test, fc } from '@fast-check/vitest';
test.prop([fc.integer()])('addition commutes', (a) => a + 1 === 1 + a);

// Runs the task worker from TypeScript sources (under tsx or vitest): a worker thread does not inherit the parent's
// module hooks, so it registers tsx's own before importing the worker. A built package starts task-worker.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./task-worker.ts');

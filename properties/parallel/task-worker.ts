/**
 * The worker thread of the pool: loads the runner module it was given (the model's checks and searches, or the
 * conformance matrix's rows), says when it has loaded, then runs each task it is handed, posts the reply, and bumps
 * the shared counter so the blocked caller wakes up.
 */
import { workerData, type MessagePort } from 'node:worker_threads';

const { port, signal, runner } = workerData as { port: MessagePort; signal: Int32Array; runner: string };

// A worker lives for one pool run: one runner, with its caches.
const { makeRunner } = (await import(runner)) as { makeRunner: () => (task: unknown) => unknown };
const run = makeRunner();

/** Posts to the pool and wakes the blocked caller. */
function post(message: unknown): void {
  port.postMessage(message);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

port.on('message', ({ index, task }: { index: number; task: unknown }) => post({ index, reply: run(task) }));
// Loaded (the runner came in with its module): the pool may hand tasks now.
post({ ready: true });

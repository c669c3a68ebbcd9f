/**
 * The worker thread of the pool: runs each task it is handed on the registered catalog and systems, posts the
 * reply, then bumps the shared counter so the blocked caller wakes up.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { runTask, type CorpusCache } from './run-task.js';
import type { WorkerTask } from './worker-task.js';

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };

// A worker lives for one pool run: one cache.
const corpora: CorpusCache = new Map();

port.on('message', ({ index, task }: { index: number; task: WorkerTask }) => {
  port.postMessage({ index, reply: runTask(task, corpora) });
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
});

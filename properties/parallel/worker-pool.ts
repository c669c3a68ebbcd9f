/**
 * A synchronous pool of worker threads for `check --workers` and `explore --workers`. The command line is
 * synchronous, so the calling thread hands out tasks and then blocks on a shared counter (`Atomics.wait`) that a
 * worker bumps after posting each result; results are taken off the ports with `receiveMessageOnPort`. Workers load
 * the registered catalog and systems themselves: a task names what to run, never carries code.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { WorkerReply, WorkerTask } from './worker-task.js';

/** The machine's cores: the default of `--workers`. */
export function defaultWorkers(): number {
  return availableParallelism();
}

/** The worker script beside this module, as the running code names it (`.ts` under tsx, `.js` once built). */
function workerScript(): URL {
  // From sources the worker must register tsx's loader itself (workers do not inherit module hooks).
  return new URL(import.meta.url.endsWith('.ts') ? './task-worker-tsx.mjs' : './task-worker.js', import.meta.url);
}

interface PoolWorker {
  readonly worker: Worker;
  readonly port: MessagePort;
  /** The task index it runs, if any. */
  busy?: number;
}

/** Runs every task on up to `workers` threads; answers the replies in task order. Throws when a worker fails. */
export function runInWorkers(tasks: readonly WorkerTask[], workers: number): WorkerReply[] {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const script = workerScript();
  const pool: PoolWorker[] = [];
  const replies: (WorkerReply | undefined)[] = tasks.map(() => undefined);
  let next = 0;
  let done = 0;
  const hand = (member: PoolWorker): void => {
    if (next >= tasks.length) return;
    member.busy = next;
    member.port.postMessage({ index: next, task: tasks[next] });
    next++;
  };
  try {
    for (let i = 0; i < Math.min(workers, tasks.length); i++) {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(script, { workerData: { port: port2, signal }, transferList: [port2] });
      worker.unref();
      const member: PoolWorker = { worker, port: port1 };
      pool.push(member);
      hand(member);
    }
    while (done < tasks.length) {
      const seen = Atomics.load(signal, 0);
      let progressed = false;
      for (const member of pool) {
        const message = receiveMessageOnPort(member.port) as { message: { index: number; reply: WorkerReply } } | undefined;
        if (message === undefined) continue;
        progressed = true;
        const { index, reply } = message.message;
        if (reply.kind === 'error') throw new Error(`worker: ${reply.error}`);
        replies[index] = reply;
        done++;
        member.busy = undefined;
        hand(member);
      }
      // Sleep until a worker posts again (a worker that dies without posting would leave us here: time out, re-check).
      if (!progressed) Atomics.wait(signal, 0, seen, 1000);
    }
  } finally {
    for (const member of pool) {
      member.port.close();
      void member.worker.terminate();
    }
  }
  return replies.map((reply, i) => {
    if (reply === undefined) throw new Error(`worker: task ${i} got no reply`);
    return reply;
  });
}

/**
 * A synchronous pool of threads for `check --workers N` and `explore --workers N`: N - 1 worker threads and the
 * calling thread, which runs tasks too between handing them out (it has loaded the catalog already, and would
 * otherwise sit idle on a core). The command line is synchronous, so when it has no task left to run it blocks on a
 * shared counter (`Atomics.wait`) that a worker bumps after posting each result; results are taken off the ports with
 * `receiveMessageOnPort`. Each worker holds up to two tasks, so it never waits for the calling thread to finish one
 * of its own before getting the next. Workers load what runs the tasks themselves (the runner's module: the model's
 * checks and searches, or the conformance matrix's rows): a task names what to run, never carries code. A worker is
 * handed tasks only once it says it has loaded them (several hundred
 * milliseconds of module loading): until then the calling thread takes them, so a short check is not held up waiting
 * for a worker still starting (`check --system rocketmq.filter` took twice as long on two threads as on one before).
 */
import { availableParallelism } from 'node:os';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { modelTasks } from './run-task.js';
import type { PoolError, TaskRunner } from './task-runner.js';
import type { WorkerReply, WorkerTask } from './worker-task.js';

/** The machine's cores: the default of `--workers`. */
export function defaultWorkers(): number {
  return availableParallelism();
}

/** The worker script beside this module, as the running code names it (`.ts` under tsx, `.js` once built). */
export function workerScript(): URL {
  // From sources the worker must register tsx's loader itself (workers do not inherit module hooks).
  return new URL(import.meta.url.endsWith('.ts') ? './task-worker-tsx.mjs' : './task-worker.js', import.meta.url);
}

interface PoolWorker {
  readonly worker: Worker;
  readonly port: MessagePort;
  /** How many of its tasks have no reply yet. */
  pending: number;
  /** True once it has loaded the catalog and can take tasks. */
  ready: boolean;
}

/** What a pool worker posts: that it is ready, or a task's reply. */
type PoolMessage<Reply> = { readonly ready: true } | { readonly index: number; readonly reply: Reply | PoolError };

/** A task's failure as a runner reports it (a runner never throws). */
function isPoolError(reply: unknown): reply is PoolError {
  return typeof reply === 'object' && reply !== null && 'kind' in reply && reply.kind === 'error' && 'error' in reply;
}

/** Tasks a worker holds at once: the one it runs and the next. */
const tasksPerWorker = 2;

/**
 * Runs every task on up to `workers` threads, the calling one included; answers the replies in task order. Throws when
 * a task fails. The runner is the model's checks and searches unless another is given.
 */
export function runInWorkers(tasks: readonly WorkerTask[], workers: number): WorkerReply[];
export function runInWorkers<Task, Reply>(tasks: readonly Task[], workers: number, runner: TaskRunner<Task, Reply>): Reply[];
export function runInWorkers<Task, Reply>(tasks: readonly Task[], workers: number, runner: TaskRunner<Task, Reply> = modelTasks as unknown as TaskRunner<Task, Reply>): Reply[] {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const script = workerScript();
  const pool: PoolWorker[] = [];
  const replies: (Reply | undefined)[] = tasks.map(() => undefined);
  // One runner per pool run in this thread too (its caches live as long as the run).
  const run = runner.makeRunner();
  let next = 0;
  let done = 0;
  const keep = (index: number, reply: Reply | PoolError): void => {
    if (isPoolError(reply)) throw new Error(`worker: ${reply.error}`);
    replies[index] = reply;
    done++;
  };
  const hand = (member: PoolWorker): void => {
    while (member.ready && member.pending < tasksPerWorker && next < tasks.length) {
      member.port.postMessage({ index: next, task: tasks[next] });
      member.pending++;
      next++;
    }
  };
  /** Takes every reply already posted and refills the workers; true when there was one. */
  const collect = (): boolean => {
    let progressed = false;
    for (const member of pool) {
      for (;;) {
        const message = receiveMessageOnPort(member.port) as { message: PoolMessage<Reply> } | undefined;
        if (message === undefined) break;
        progressed = true;
        if ('ready' in message.message) {
          member.ready = true;
          continue;
        }
        member.pending--;
        keep(message.message.index, message.message.reply);
      }
      hand(member);
    }
    return progressed;
  };
  try {
    for (let i = 0; i < Math.min(workers - 1, tasks.length - 1); i++) {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(script, { workerData: { port: port2, signal, runner: runner.module.href }, transferList: [port2] });
      worker.unref();
      pool.push({ worker, port: port1, pending: 0, ready: false });
    }
    while (done < tasks.length) {
      const seen = Atomics.load(signal, 0);
      if (collect()) continue;
      if (next < tasks.length) {
        // Nothing to collect: the calling thread runs the next task itself.
        const index = next++;
        keep(index, run(tasks[index] as Task));
        continue;
      }
      // Sleep until a worker posts again (a worker that dies without posting would leave us here: time out, re-check).
      Atomics.wait(signal, 0, seen, 1000);
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

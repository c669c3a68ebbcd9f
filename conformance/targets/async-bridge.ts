/**
 * Synchronous calls into an asynchronous library. Targets are synchronous (`conformance/target.ts`), but some
 * libraries answer through promises even where nothing waits on I/O (kafkajs's `assign` is an `async` function), and
 * a microtask queue cannot be drained synchronously. So the library runs in a worker thread: the caller posts a
 * request, blocks on `Atomics.wait` until the worker flags its answer, and reads it with `receiveMessageOnPort`.
 *
 * The worker module is started from its compiled `.js` under `dist/`, or from its `.ts` source through tsx when
 * mqspec itself runs from source (vitest, `npm run mqspec`).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/** What a worker answers to one request. */
export type BridgeAnswer = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string; readonly message: string };

/** How long the first call may take (starting the worker, compiling TypeScript) and each later one, in ms. */
export interface BridgeTimeouts {
  readonly startMs: number;
  readonly callMs: number;
}

/** Defaults: a worker compiling TypeScript on a busy machine may take many seconds; a call answers in well under a millisecond, so its timeout only catches a hang, and is generous for a loaded CI machine. */
export const defaultTimeouts: BridgeTimeouts = { startMs: 30_000, callMs: 10_000 };

/** What the caller sends, after a timeout, to tell a hung request from a dead worker (answered by `serveBridge` itself). */
export const pingRequest = { bridge: 'ping' } as const;

/** Whether a request is the caller's ping. */
export function isPing(request: unknown): boolean {
  return typeof request === 'object' && request !== null && (request as { bridge?: unknown }).bridge === 'ping';
}

/** How long the diagnosis of a timeout waits for the ping's answer, in ms. */
const diagnoseMs = 2_000;

/** The data a bridge worker receives: its port and the flag it raises when an answer is posted. */
export interface BridgeWorkerData {
  readonly port: MessagePort;
  readonly flag: Int32Array;
}

/** tsx's ESM API (its `register` installs the TypeScript loader in the thread that calls it). */
function tsxApi(): string {
  const root = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  return pathToFileURL(path.join(root, 'dist', 'esm', 'api', 'index.mjs')).href;
}

/**
 * The code that starts the worker module (through tsx's loader when it is TypeScript source). If the module cannot
 * be loaded, the worker answers every request with the reason, so the caller fails at once instead of timing out.
 */
function bootstrap(moduleUrl: URL): string {
  const target = JSON.stringify(moduleUrl.href);
  const load = moduleUrl.pathname.endsWith('.ts')
    ? `import(${JSON.stringify(tsxApi())}).then(({ register }) => { register(); return import(${target}); })`
    : `import(${target})`;
  return `const { workerData } = require('node:worker_threads');
${load}.catch((error) => {
  workerData.port.on('message', () => {
    workerData.port.postMessage({ ok: false, error: 'WorkerStartFailure', message: String((error && error.stack) || error) });
    Atomics.store(workerData.flag, 0, 1);
    Atomics.notify(workerData.flag, 0);
  });
});`;
}

/** The worker module next to `from` named `name`, with the extension `from` has (`.ts` from source, `.js` built). */
export function siblingModule(from: string, name: string): URL {
  const extension = from.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./${name}${extension}`, from);
}

/** A worker running an async library, called synchronously. */
export class AsyncBridge {
  private worker: Worker | undefined;
  private readonly port: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private started = false;

  constructor(
    private readonly moduleUrl: URL,
    private readonly timeouts: BridgeTimeouts = defaultTimeouts,
  ) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const workerData: BridgeWorkerData = { port: port2, flag: this.flag };
    this.worker = new Worker(bootstrap(moduleUrl), { eval: true, workerData, transferList: [port2] });
    // An error inside the worker surfaces as the caller's timeout or WorkerStartFailure, never as a crash of mqspec.
    this.worker.on('error', () => undefined);
    this.worker.unref();
  }

  /**
   * Sends one request and waits for the answer; throws when the worker does not answer in time (by default the start
   * timeout for the first call, the call timeout after).
   */
  call(request: unknown, timeoutMs?: number): BridgeAnswer {
    if (this.worker === undefined) throw new Error(`${this.moduleUrl.pathname}: the worker was disposed`);
    Atomics.store(this.flag, 0, 0);
    this.port.postMessage(request);
    const timeout = timeoutMs ?? (this.started ? this.timeouts.callMs : this.timeouts.startMs);
    const waited = Atomics.wait(this.flag, 0, 0, timeout);
    const answer = receiveMessageOnPort(this.port);
    if (waited === 'timed-out' || answer === undefined) {
      const why = this.diagnose();
      this.dispose();
      throw new Error(`${this.moduleUrl.pathname}: no answer within ${timeout} ms (${why})`);
    }
    this.started = true;
    return answer.message as BridgeAnswer;
  }

  /**
   * Why a request got no answer in time: a ping answered means the worker runs and only that request's promise never
   * settled; a late answer means it was slow; silence means the thread itself is gone or blocked.
   */
  private diagnose(): string {
    Atomics.store(this.flag, 0, 0);
    this.port.postMessage(pingRequest);
    Atomics.wait(this.flag, 0, 0, diagnoseMs);
    let late = false;
    for (let message = receiveMessageOnPort(this.port); message !== undefined; message = receiveMessageOnPort(this.port)) {
      if (isPing((message.message as { value?: unknown }).value)) return late ? 'it answered late' : 'the worker runs, but the promise for this request never settled';
      late = true;
    }
    return late ? 'it answered late' : `the worker thread did not answer a ping within ${diagnoseMs} ms: it exited or its event loop is blocked`;
  }

  /** Whether `dispose` ran (after a timeout, too): a caller keeping a bridge should start a new one. */
  get disposed(): boolean {
    return this.worker === undefined;
  }

  /** Stops the worker. */
  dispose(): void {
    void this.worker?.terminate();
    this.worker = undefined;
    this.port.close();
  }
}

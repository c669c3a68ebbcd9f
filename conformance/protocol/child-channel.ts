/**
 * A synchronous line channel to a child process: `request(line, timeout)` writes one line to the child's stdin and
 * blocks (Atomics.wait on a shared counter) until the worker thread that owns the child posts what came back — the
 * next stdout line, the child's exit, a flood — or the timeout passes. This keeps `Target` synchronous (one code path
 * for the model, in-process targets and protocol targets) while a hang becomes a timeout, never a hung mqspec.
 * `kill()` ends the child's whole process group and waits until the child has been reaped, so no process is left.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { childWorkerSource } from './child-worker-source.js';

/** What the worker posts. */
type WorkerMessage =
  | { readonly kind: 'spawned'; readonly pid: number }
  | { readonly kind: 'spawn-error'; readonly code: string | null; readonly message: string }
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'exit'; readonly code: number | null; readonly signal: string | null }
  | { readonly kind: 'flood'; readonly bytes: number };

/** Why a request got no line back. */
export type ChannelFault =
  | { readonly kind: 'timeout'; readonly milliseconds: number }
  | { readonly kind: 'exit'; readonly code: number | null; readonly signal: string | null }
  | { readonly kind: 'flood'; readonly bytes: number }
  | { readonly kind: 'unrequested'; readonly text: string }
  | { readonly kind: 'closed' };

/** A request's answer: the line, or the fault. */
export type ChannelAnswer = { readonly ok: true; readonly line: string } | { readonly ok: false; readonly fault: ChannelFault };

/** Why the program could not be started at all. */
export class SpawnError extends Error {
  override readonly name = 'SpawnError';
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/** Options of a channel. */
export interface ChannelOptions {
  readonly cwd?: string;
  /** The longest stdout line accepted; a longer one is a flood. */
  readonly maxLineBytes?: number;
  /** How long the worker and the program may take to start. */
  readonly startMilliseconds?: number;
}

/** Bytes of stderr kept for reports. */
const stderrTailBytes = 4096;

/** Channels whose child is alive, killed if mqspec exits first (a detached child would outlive it). */
const live = new Set<ChildChannel>();
let exitHookInstalled = false;

/** Installs, once, the exit hook that kills every live child. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const channel of live) channel.kill();
  });
}

/** A child process spoken to one line at a time. */
export class ChildChannel {
  readonly pid: number;
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly counter: Int32Array;
  private readonly tail: SharedArrayBuffer;
  private received = 0;
  private exited: { code: number | null; signal: string | null } | undefined;
  private killed = false;

  /** Starts `argv` (no shell) in a process group of its own; throws SpawnError when it cannot start. */
  constructor(argv: readonly string[], options: ChannelOptions = {}) {
    const counterBuffer = new SharedArrayBuffer(4);
    this.counter = new Int32Array(counterBuffer);
    this.tail = new SharedArrayBuffer(4 + stderrTailBytes);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(childWorkerSource, {
      eval: true,
      workerData: { argv, cwd: options.cwd ?? process.cwd(), counterBuffer, tailBuffer: this.tail, port: port2, maxLineBytes: options.maxLineBytes ?? 1024 * 1024 },
      transferList: [port2],
    });
    this.worker.unref();
    const first = this.next(options.startMilliseconds ?? 10_000);
    if (first === undefined || first.kind !== 'spawned') {
      void this.worker.terminate();
      if (first?.kind === 'spawn-error') throw new SpawnError(first.message, first.code);
      throw new SpawnError(first === undefined ? 'the program did not start in time' : `the program did not start (${first.kind})`, null);
    }
    this.pid = first.pid;
    live.add(this);
    installExitHook();
  }

  /** The next message from the worker, waiting at most `milliseconds`; undefined on timeout. */
  private next(milliseconds: number): WorkerMessage | undefined {
    const deadline = performance.now() + milliseconds;
    for (;;) {
      const received = receiveMessageOnPort(this.port);
      if (received !== undefined) {
        this.received++;
        const message = received.message as WorkerMessage;
        if (message.kind === 'exit') this.exited = { code: message.code, signal: message.signal };
        return message;
      }
      const remaining = deadline - performance.now();
      if (remaining <= 0) return undefined;
      // Sleeps until the worker bumps the counter past what was received (or returns at once if it already has).
      Atomics.wait(this.counter, 0, this.received, remaining);
    }
  }

  /** The last bytes the child wrote to stderr. */
  stderrTail(): string {
    const length = new Int32Array(this.tail, 0, 1)[0] ?? 0;
    return Buffer.from(new Uint8Array(this.tail, 4, length)).toString('utf8');
  }

  /** Writes `line` and waits for the answering line. */
  request(line: string, milliseconds: number): ChannelAnswer {
    if (this.killed) return { ok: false, fault: { kind: 'closed' } };
    // Anything already waiting was not asked for: a second line to the last request, or an exit.
    const pending = this.next(0);
    if (pending !== undefined) return { ok: false, fault: this.faultOf(pending) };
    if (this.exited !== undefined) return { ok: false, fault: { kind: 'exit', ...this.exited } };
    this.port.postMessage({ kind: 'write', line });
    const answer = this.next(milliseconds);
    if (answer === undefined) return { ok: false, fault: { kind: 'timeout', milliseconds } };
    if (answer.kind === 'line') return { ok: true, line: answer.text };
    return { ok: false, fault: this.faultOf(answer) };
  }

  /** The fault a message other than an answer stands for. */
  private faultOf(message: WorkerMessage): ChannelFault {
    switch (message.kind) {
      case 'line':
        return { kind: 'unrequested', text: message.text };
      case 'exit':
        return { kind: 'exit', code: message.code, signal: message.signal };
      case 'flood':
        return { kind: 'flood', bytes: message.bytes };
      default:
        return { kind: 'closed' };
    }
  }

  /** Closes stdin and gives the child `milliseconds` to exit on its own. */
  endInput(milliseconds: number): void {
    if (this.killed || this.exited !== undefined) return;
    this.port.postMessage({ kind: 'end' });
    const deadline = performance.now() + milliseconds;
    while (this.exited === undefined && performance.now() < deadline) {
      if (this.next(deadline - performance.now()) === undefined) break;
    }
  }

  /** Kills the child's process group (SIGKILL), waits until the child is reaped, and stops the worker. */
  kill(): void {
    if (this.killed) return;
    this.killed = true;
    live.delete(this);
    try {
      process.kill(-this.pid, 'SIGKILL');
    } catch {
      // ESRCH: the group is already gone.
    }
    // The worker reports the exit once libuv has reaped the child: until then a zombie would remain.
    const deadline = performance.now() + 2000;
    while (this.exited === undefined && performance.now() < deadline) {
      if (this.next(deadline - performance.now()) === undefined) break;
    }
    this.port.close();
    void this.worker.terminate();
  }
}

/**
 * A synchronous line channel to a child process: `request(line, timeout)` writes one line to the child's stdin and
 * blocks (Atomics.wait on a shared counter) until the worker thread that owns the child posts what came back — the
 * next stdout line, the child's exit, a flood — or the timeout passes. This keeps `Target` synchronous (one code path
 * for the model, in-process targets and protocol targets) while a hang becomes a timeout, never a hung mqspec.
 * `kill()` ends the child's whole process group and waits until the child has been reaped and every other member of
 * the group has exited, so no process is left.
 */
import { writeSync } from 'node:fs';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { childWorkerSource } from './child-worker-source.js';
import { liveGroupMembers } from './process-table.js';

/** What the worker posts. */
type WorkerMessage =
  | { readonly kind: 'spawned'; readonly pid: number; readonly stdinFd: number; readonly keeperPid: number }
  | { readonly kind: 'keeper-exit' }
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
  /** Answers still due to lines sent ahead. */
  private outstanding = 0;
  /** The child's stdin pipe, written directly while it accepts whole lines; -1 once the worker must write. */
  private stdinFd: number;
  private exited: { code: number | null; signal: string | null } | undefined;
  private killed = false;
  /** The keeper that kills the child's group if mqspec ends without doing so (child-worker-source.ts); -1: none. */
  private readonly keeperPid: number;
  private keeperExited = false;

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
    this.stdinFd = first.stdinFd;
    this.keeperPid = first.keeperPid;
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
        if (message.kind === 'keeper-exit') {
          this.keeperExited = true;
          continue;
        }
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

  /**
   * Writes `line` (and the lines `ahead`, in the same write) and waits for the answer to `line`. The answers to the
   * lines sent ahead are then collected, in order, by `receive` — before anything else is requested.
   */
  request(line: string, milliseconds: number, ahead: readonly string[] = []): ChannelAnswer {
    if (this.killed) return { ok: false, fault: { kind: 'closed' } };
    if (this.outstanding > 0) throw new Error(`request: ${this.outstanding} answer(s) to lines sent ahead not received yet`);
    // Anything already waiting was not asked for: a second line to the last request, or an exit.
    const pending = this.next(0);
    if (pending !== undefined) return { ok: false, fault: this.faultOf(pending) };
    if (this.exited !== undefined) return { ok: false, fault: { kind: 'exit', ...this.exited } };
    this.write(Buffer.from([line, ...ahead].join('\n') + '\n', 'utf8'));
    this.outstanding = ahead.length;
    return this.answer(milliseconds);
  }

  /** Waits for the answer to the next line sent ahead. */
  receive(milliseconds: number): ChannelAnswer {
    if (this.killed) return { ok: false, fault: { kind: 'closed' } };
    if (this.outstanding === 0) throw new Error('receive: no line was sent ahead');
    this.outstanding--;
    return this.answer(milliseconds);
  }

  /** The next line, or the fault that came instead. */
  private answer(milliseconds: number): ChannelAnswer {
    const answer = this.next(milliseconds);
    if (answer === undefined) return { ok: false, fault: { kind: 'timeout', milliseconds } };
    if (answer.kind === 'line') return { ok: true, line: answer.text };
    return { ok: false, fault: this.faultOf(answer) };
  }

  /**
   * Writes to the child's stdin: directly on the pipe (no hop through the worker) while it takes the whole line at
   * once; a full pipe (EAGAIN, a partial write) hands the rest, and every later line, to the worker, which keeps
   * their order. A closed pipe (EPIPE) is left to the exit the worker reports.
   */
  private write(data: Buffer): void {
    if (this.stdinFd >= 0) {
      let written = 0;
      try {
        written = writeSync(this.stdinFd, data);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EPIPE') return;
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      }
      if (written === data.length) return;
      this.stdinFd = -1;
      data = data.subarray(written);
    }
    this.port.postMessage({ kind: 'write', data });
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
    // SIGKILL takes effect when the kernel next runs each member of the group, which on a loaded machine can lag the
    // kill(2) call: the child's own helpers may outlive it by a scheduling slice.
    const pause = new Int32Array(new SharedArrayBuffer(4));
    while (liveGroupMembers(this.pid).length > 0 && performance.now() < deadline) Atomics.wait(pause, 0, 0, 5);
    // The group is gone: the keeper has nothing left to guard. Its exit is awaited so the worker reaps it.
    if (this.keeperPid > 0) {
      try {
        process.kill(-this.keeperPid, 'SIGKILL');
      } catch {
        // ESRCH: it already exited.
      }
      while (!this.keeperExited && performance.now() < deadline) {
        if (this.next(deadline - performance.now()) === undefined) break;
      }
    }
    this.port.close();
    void this.worker.terminate();
  }
}

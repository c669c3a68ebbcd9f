/**
 * A driver process: a small program of ours that runs one real client (a consumer or a producer of a real library,
 * through its public API) and speaks JSON lines with mqspec — requests on its stdin, answers and history events on its
 * stdout, logs on its stderr. Each driver runs in a process group of its own, so that a crash is a real SIGKILL of
 * everything it started, and ending it leaves nothing behind (killed by its group id, then waited for until the
 * process table shows no member of the group).
 *
 * Lines the driver writes are of two kinds:
 * - an answer to a request: `{"id": <the request's id>, "ok": true, …}` or `{"id": …, "ok": false, "error": "…"}`;
 * - an event it reports on its own (a rebalance callback ran, records were delivered): any object without `id`.
 * Anything else — a line that is not a JSON object, a line longer than the limit — is garbage, recorded as a fault.
 *
 * Unlike the synchronous channel of protocol targets (conformance/protocol/child-channel.ts), this one is
 * asynchronous: a workload runs several drivers at once and waits on all of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { releaseGroupKeeper, startGroupKeeper } from '../../conformance/protocol/group-keeper.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { liveGroupMembers } from '../../conformance/protocol/process-table.js';

/** How a driver is started. */
export interface DriverProcessOptions {
  /** The program and its arguments (no shell). */
  readonly argv: readonly string[];
  readonly cwd?: string;
  /** The environment (default: mqspec's own). */
  readonly env?: NodeJS.ProcessEnv;
  /** The longest stdout line accepted; a longer one is garbage and ends the driver (default 1 MiB). */
  readonly maxLineBytes?: number;
  /** How long to wait for the program to start (default 10 s). */
  readonly startMilliseconds?: number;
}

/** Why a driver stopped answering, or what it wrote that is not a message. */
export type DriverFault =
  | { readonly kind: 'timeout'; readonly op: string; readonly milliseconds: number }
  | { readonly kind: 'exit'; readonly code: number | null; readonly signal: string | null }
  | { readonly kind: 'garbage'; readonly text: string }
  | { readonly kind: 'flood'; readonly bytes: number }
  | { readonly kind: 'refused'; readonly op: string; readonly error: string };

/** A request's answer: its fields (without `id` and `ok`), or the fault that came instead. */
export type DriverAnswer =
  | { readonly ok: true; readonly answer: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly fault: DriverFault };

/** An event line: what the driver reported on its own, with the host's monotonic time of its arrival. */
export interface DriverEvent {
  readonly line: Readonly<Record<string, unknown>>;
  /** `performance.now()` when the line arrived. */
  readonly receivedAt: number;
}

/** Bytes of stderr kept for reports. */
const stderrTailBytes = 8192;

/** Drivers whose group may be alive: killed if mqspec exits first (a detached group would outlive it). */
const live = new Set<DriverProcess>();
let exitHookInstalled = false;

/** Installs, once, the exit hook that kills the group of every live driver. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killAllDriversNow);
}

/** Sends SIGKILL to the group of every live driver, synchronously (for exit and signal handlers). */
export function killAllDriversNow(): void {
  for (const driver of live) driver.signalGroup('SIGKILL');
}

/** The process-group ids of the drivers still alive (for tests that check nothing is left behind). */
export function liveDriverGroups(): number[] {
  return [...live].map((driver) => driver.pid);
}

/** True for a plain JSON object. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One driver program, spoken to by requests with ids; its events are handed to the listener as they come. */
export class DriverProcess {
  readonly pid: number;
  private readonly child: ChildProcess;
  private readonly maxLineBytes: number;
  private nextId = 1;
  private readonly pending = new Map<number, { op: string; settle: (answer: DriverAnswer) => void }>();
  /** Requests that timed out: their late answers are dropped, not garbage (the timeout was already reported). */
  private readonly abandoned = new Set<number>();
  private readonly eventListeners: ((event: DriverEvent) => void)[] = [];
  private readonly faultListeners: ((fault: DriverFault) => void)[] = [];
  private stderr = Buffer.alloc(0);
  private exitStatus: { code: number | null; signal: string | null } | undefined;
  /** The keeper that kills the group if mqspec ends without doing so (conformance/protocol/group-keeper.ts). */
  private keeper: ChildProcess | undefined;
  private readonly exited: Promise<{ code: number | null; signal: string | null }>;
  private firstFault: DriverFault | undefined;

  private constructor(child: ChildProcess, pid: number, options: DriverProcessOptions) {
    this.child = child;
    this.pid = pid;
    this.maxLineBytes = options.maxLineBytes ?? 1024 * 1024;
    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        this.exitStatus = { code, signal };
        this.fault({ kind: 'exit', code, signal });
        resolve(this.exitStatus);
      });
    });
    child.stdin?.on('error', () => {
      // EPIPE after the driver died: its exit is reported by the exit handler.
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      const joined = Buffer.concat([this.stderr, chunk]);
      this.stderr = joined.subarray(Math.max(0, joined.length - stderrTailBytes));
    });
    this.readLines();
  }

  /** Starts the driver in a process group of its own; rejects with a one-line reason when it cannot start. */
  static async start(options: DriverProcessOptions): Promise<DriverProcess> {
    const [program, ...args] = options.argv;
    if (program === undefined) throw new Error('driver: no program to start');
    const child = spawn(program, args, {
      cwd: options.cwd ?? process.cwd(),
      env: options.env ?? process.env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const started = await new Promise<{ ok: true } | { ok: false; reason: string }>((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, reason: 'did not start in time' }), options.startMilliseconds ?? 10_000);
      child.once('spawn', () => {
        clearTimeout(timer);
        resolve({ ok: true });
      });
      child.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        resolve({ ok: false, reason: `${error.code ?? 'error'}: ${error.message}` });
      });
    });
    if (!started.ok || child.pid === undefined) {
      if (child.pid !== undefined) signalGroupOf(child.pid, 'SIGKILL');
      throw new Error(`driver ${program}: cannot start (${started.ok ? 'no pid' : started.reason})`);
    }
    const driver = new DriverProcess(child, child.pid, options);
    driver.keeper = startGroupKeeper(child.pid);
    live.add(driver);
    installExitHook();
    return driver;
  }

  /** Splits stdout into lines, refusing one longer than the limit. */
  private readLines(): void {
    let pieces: Buffer[] = [];
    let length = 0;
    let flooded = false;
    this.child.stdout?.on('data', (chunk: Buffer) => {
      if (flooded) return;
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf(10, start);
        const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
        length += piece.length;
        if (length > this.maxLineBytes) {
          flooded = true;
          this.fault({ kind: 'flood', bytes: length });
          this.signalGroup('SIGKILL');
          return;
        }
        pieces.push(piece);
        if (newline === -1) return;
        this.receive(Buffer.concat(pieces).toString('utf8'));
        pieces = [];
        length = 0;
        start = newline + 1;
      }
    });
  }

  /** Routes one stdout line: an answer to its request, an event to the listeners, anything else is garbage. */
  private receive(text: string): void {
    if (text.trim() === '') return;
    let line: unknown;
    try {
      line = JSON.parse(text);
    } catch {
      this.fault({ kind: 'garbage', text: text.slice(0, 200) });
      return;
    }
    if (!isObject(line)) {
      this.fault({ kind: 'garbage', text: text.slice(0, 200) });
      return;
    }
    const id = line['id'];
    if (typeof id === 'number') {
      const waiting = this.pending.get(id);
      if (waiting === undefined && this.abandoned.delete(id)) return;
      if (waiting === undefined) {
        this.fault({ kind: 'garbage', text: `an answer to no pending request: ${text.slice(0, 200)}` });
        return;
      }
      this.pending.delete(id);
      const { id: _id, ok, ...answer } = line;
      if (ok === true) waiting.settle({ ok: true, answer });
      else waiting.settle({ ok: false, fault: { kind: 'refused', op: waiting.op, error: typeof line['error'] === 'string' ? line['error'] : JSON.stringify(line) } });
      return;
    }
    const event: DriverEvent = { line, receivedAt: performance.now() };
    for (const listener of this.eventListeners) listener(event);
  }

  /** Records a fault, fails every pending request with it and tells the listeners. */
  private fault(fault: DriverFault): void {
    this.firstFault ??= fault;
    if (fault.kind === 'exit' || fault.kind === 'flood') {
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.settle({ ok: false, fault });
      }
    }
    for (const listener of this.faultListeners) listener(fault);
  }

  /** Calls `listener` with every event line from now on. */
  onEvent(listener: (event: DriverEvent) => void): void {
    this.eventListeners.push(listener);
  }

  /** Calls `listener` with every fault from now on (garbage, an exit, a flood). */
  onFault(listener: (fault: DriverFault) => void): void {
    this.faultListeners.push(listener);
  }

  /** The first fault seen, if any. */
  firstFaultSeen(): DriverFault | undefined {
    return this.firstFault;
  }

  /** The exit status once the driver has exited. */
  get exitedWith(): { code: number | null; signal: string | null } | undefined {
    return this.exitStatus;
  }

  /** The last bytes the driver wrote to stderr. */
  stderrTail(): string {
    return this.stderr.toString('utf8');
  }

  /** Sends `{id, op, ...fields}` and waits at most `milliseconds` for its answer. */
  request(op: string, fields: Readonly<Record<string, unknown>>, milliseconds: number): Promise<DriverAnswer> {
    if (this.exitStatus !== undefined) return Promise.resolve({ ok: false, fault: { kind: 'exit', ...this.exitStatus } });
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.abandoned.add(id);
        resolve({ ok: false, fault: { kind: 'timeout', op, milliseconds } });
      }, milliseconds);
      this.pending.set(id, {
        op,
        settle: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
      });
      this.child.stdin?.write(`${JSON.stringify({ ...fields, id, op })}\n`);
    });
  }

  /** Sends a signal to the driver's whole process group (ESRCH, a group already gone, is not an error). */
  signalGroup(signal: NodeJS.Signals): void {
    signalGroupOf(this.pid, signal);
  }

  /**
   * Kills the driver's group (SIGKILL: a crash, as the kernel delivers it) and waits, at most `milliseconds`, until
   * the driver is reaped and no member of its group is left. Answers whether the group is gone.
   */
  async kill(milliseconds = 2000): Promise<boolean> {
    this.signalGroup('SIGKILL');
    return this.waitGone(milliseconds);
  }

  /** Closes stdin and gives the driver `milliseconds` to exit by itself, then kills its group. */
  async end(milliseconds = 2000): Promise<boolean> {
    this.child.stdin?.end();
    const exited = await Promise.race([this.exited.then(() => true), sleep(milliseconds).then(() => false)]);
    if (!exited) this.signalGroup('SIGKILL');
    return this.waitGone(2000);
  }

  /** Waits until the driver is reaped and its group is empty, bounded by `milliseconds`. */
  private async waitGone(milliseconds: number): Promise<boolean> {
    const deadline = performance.now() + milliseconds;
    await Promise.race([this.exited, sleep(milliseconds)]);
    // SIGKILL takes effect when the kernel next runs each member, which on a loaded machine can lag the kill(2) call.
    while (liveGroupMembers(this.pid).length > 0 && performance.now() < deadline) await sleep(5);
    const gone = this.exitStatus !== undefined && liveGroupMembers(this.pid).length === 0;
    if (gone) {
      live.delete(this);
      releaseGroupKeeper(this.keeper);
    }
    return gone;
  }
}

/** Sends `signal` to process group `pgid`, ignoring a group that is already gone. */
function signalGroupOf(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

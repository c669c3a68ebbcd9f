/**
 * The worker side of a protocol target run through `../async-bridge.ts`: owns one child process speaking JSON lines
 * (docs/protocol.md) and answers each request with the child's next stdout line. (An interim client for the
 * kafka-python targets; the conformance core's protocol client replaces it.)
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { serveBridge } from './async-bridge-worker.js';

/** Starts the program. */
export interface SpawnRequest {
  readonly op: 'spawn';
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

/** Sends one protocol request and waits for its response line. */
export interface SendRequest {
  readonly op: 'send';
  readonly message: unknown;
}

/** Stops the program. */
export interface StopRequest {
  readonly op: 'stop';
}

let child: ChildProcessWithoutNullStreams | undefined;
let stderrTail = '';
const pending: Array<(line: string | undefined) => void> = [];
const lines: string[] = [];

/** The next line the child writes, or undefined when it exits first. */
function nextLine(): Promise<string | undefined> {
  const line = lines.shift();
  if (line !== undefined) return Promise.resolve(line);
  if (child === undefined || child.exitCode !== null) return Promise.resolve(undefined);
  return new Promise((resolve) => pending.push(resolve));
}

function start(request: SpawnRequest): void {
  const started = spawn(request.command, [...request.args], { env: { ...process.env, ...request.env }, stdio: 'pipe' });
  child = started;
  createInterface({ input: started.stdout }).on('line', (line) => {
    const waiter = pending.shift();
    if (waiter !== undefined) waiter(line);
    else lines.push(line);
  });
  started.stderr.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-2000);
  });
  started.on('exit', () => {
    for (const waiter of pending.splice(0)) waiter(undefined);
  });
  started.on('error', (error) => {
    stderrTail += error.message;
    for (const waiter of pending.splice(0)) waiter(undefined);
  });
}

serveBridge(async (raw) => {
  const request = raw as SpawnRequest | SendRequest | StopRequest;
  if (request.op === 'spawn') {
    start(request);
    return true;
  }
  if (request.op === 'stop') {
    child?.kill('SIGKILL');
    child = undefined;
    return true;
  }
  if (child === undefined) throw new Error('the target program is not running');
  child.stdin.write(`${JSON.stringify(request.message)}\n`);
  const line = await nextLine();
  if (line === undefined) throw new Error(`the target program exited; stderr: ${stderrTail.trim()}`);
  return JSON.parse(line) as unknown;
});

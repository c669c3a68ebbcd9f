/**
 * The worker thread that owns a protocol target's child process. It is plain JavaScript run with `eval` (no
 * TypeScript loader, no build step, the same under tsx, vitest and dist/): it spawns the program in a process group
 * of its own, writes the request lines it is sent, and posts back every stdout line, the program's exit, a spawn
 * error or a flood (a line longer than the limit), bumping a shared counter and notifying it after each post so
 * that the caller, blocked in `Atomics.wait`, wakes up. The last bytes of stderr are kept in a shared buffer the
 * caller reads at any time.
 *
 * Beside the program it starts the keeper of its process group (group-keeper.ts), which kills the group once
 * mqspec is gone, whatever ended it.
 */
import { groupKeeperTemplate } from './group-keeper.js';

export const childWorkerSource = String.raw`
const keeperTemplate = ${JSON.stringify(groupKeeperTemplate)};
const { spawn } = require('node:child_process');
const { workerData } = require('node:worker_threads');
const { argv, cwd, counterBuffer, tailBuffer, port, maxLineBytes } = workerData;
const counter = new Int32Array(counterBuffer);
const tail = new Uint8Array(tailBuffer, 4);
const tailLength = new Int32Array(tailBuffer, 0, 1);

function post(message) {
  port.postMessage(message);
  Atomics.add(counter, 0, 1);
  Atomics.notify(counter, 0);
}

function keepTail(chunk) {
  const kept = Buffer.from(tail.subarray(0, Atomics.load(tailLength, 0)));
  const joined = Buffer.concat([kept, chunk]);
  const last = joined.subarray(Math.max(0, joined.length - tail.length));
  tail.set(last, 0);
  Atomics.store(tailLength, 0, last.length);
}

let child;
try {
  child = spawn(argv[0], argv.slice(1), { cwd, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
} catch (error) {
  post({ kind: 'spawn-error', code: error.code ?? null, message: String(error.message) });
}
if (child !== undefined) {
  let pieces = [];
  let length = 0;
  let flooded = false;
  child.on('error', (error) => post({ kind: 'spawn-error', code: error.code ?? null, message: String(error.message) }));
  // The stdin pipe's descriptor lets the caller write requests itself, saving a hop through this thread.
  child.on('spawn', () => {
    const keeperScript = keeperTemplate.replace('PGID', String(child.pid));
    let keeper;
    try {
      keeper = spawn('/bin/sh', ['-c', keeperScript], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
      keeper.stdin.on('error', () => {});
      keeper.on('error', () => post({ kind: 'keeper-exit' }));
      keeper.on('exit', () => post({ kind: 'keeper-exit' }));
    } catch {
      keeper = undefined;
    }
    post({ kind: 'spawned', pid: child.pid, stdinFd: child.stdin._handle?.fd ?? -1, keeperPid: keeper?.pid ?? -1 });
  });
  child.on('exit', (code, signal) => post({ kind: 'exit', code, signal }));
  child.stdin.on('error', () => {});
  child.stderr.on('data', keepTail);
  child.stdout.on('data', (chunk) => {
    if (flooded) return;
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
      length += piece.length;
      if (length > maxLineBytes) {
        flooded = true;
        post({ kind: 'flood', bytes: length });
        return;
      }
      pieces.push(piece);
      if (newline === -1) return;
      post({ kind: 'line', text: Buffer.concat(pieces).toString('utf8') });
      pieces = [];
      length = 0;
      start = newline + 1;
    }
  });
  port.on('message', (message) => {
    if (message.kind === 'write') child.stdin.write(message.data);
    else if (message.kind === 'end') child.stdin.end();
  });
}
`;

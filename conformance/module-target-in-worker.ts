/**
 * A user's in-process target module (`mqspec check --target ./my-target.mjs`) run in a worker thread of its own, so
 * that it runs under a time bound like a protocol target: a call that does not answer within the timeout — an
 * endless loop, a deadlock, a promise nobody resolves — is a target failure (exit 3) naming the call, and the worker
 * is terminated, instead of mqspec hanging for ever. Calls cross the thread synchronously (targets are synchronous,
 * conformance/target.ts) through the async bridge; commands, outcomes and observations are JSON, so they clone.
 *
 * The library API (`checkTarget(target)` from a user's own tests) gets a Target object, not a module, and runs it
 * in the caller's thread: there the test runner's own timeout is the bound.
 */
import { AsyncBridge, siblingModule } from './targets/async-bridge.js';
import type { Target, TargetSession, TargetSystem } from './target.js';
import { TargetFailure } from '../properties/target-failure.js';
import { isRecord } from '../model/json.js';
import type { Outcome } from '../model/outcome.js';

/** What the main thread asks of the worker. */
export type ModuleTargetRequest =
  | { readonly op: 'load'; readonly path: string }
  | { readonly op: 'open'; readonly system: string; readonly setup: unknown }
  | { readonly op: 'step'; readonly command: unknown }
  | { readonly op: 'observe' }
  | { readonly op: 'close' }
  | { readonly op: 'dispose' };

/** Time bounds of a module target, in milliseconds. */
export interface ModuleTargetTimeouts {
  /** Loading the module (and starting the worker, compiling TypeScript under tsx). */
  readonly loadMs?: number;
  /** Each later call. */
  readonly callMs?: number;
}

/** What the worker answers to `load`. */
interface Declaration {
  readonly name: string;
  readonly version: string;
  readonly describes: string;
  readonly systems: readonly TargetSystem[];
}

/** The default bound of one call: the protocol's, since a call into a module is far quicker than a round trip. */
const defaultCallMs = 2000;

/**
 * Loads the module at `path` (absolute) in a worker and answers a Target calling it there; throws an Error with a
 * one-line reason when it cannot be loaded or exports no target.
 */
export function moduleTargetInWorker(path: string, timeouts: ModuleTargetTimeouts = {}): Target {
  const callMs = timeouts.callMs ?? defaultCallMs;
  const bridge = new AsyncBridge(siblingModule(import.meta.url, 'module-target-worker'), { startMs: timeouts.loadMs ?? 30_000, callMs });
  let disposed = false;

  /** One call; a timeout terminates the worker and is a target failure, a throw in the target is rethrown as one line. */
  const call = (request: ModuleTargetRequest, timeout?: number): unknown => {
    if (disposed) throw new TargetFailure(`${request.op}: the target's worker was stopped after an earlier failure`, { request });
    let answer;
    try {
      answer = bridge.call(request, timeout);
    } catch {
      disposed = true;
      throw new TargetFailure(`${request.op}: no answer within ${timeout ?? callMs} ms (the target hangs)`, { request });
    }
    if (!answer.ok) throw new Error(`${answer.error}: ${answer.message}`);
    return answer.value;
  };

  let declaration: Declaration;
  try {
    const value = call({ op: 'load', path }, timeouts.loadMs ?? 30_000);
    if (!isRecord(value)) throw new Error('the module answered no declaration');
    declaration = value as unknown as Declaration;
  } catch (error) {
    bridge.dispose();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(message.replace(/^(WorkerStartFailure|Error): /, '').split('\n')[0] ?? message);
  }

  return {
    ...declaration,
    open(system, setup): TargetSession {
      call({ op: 'open', system, setup });
      return {
        step: (command) => call({ op: 'step', command }) as Outcome,
        observe: () => call({ op: 'observe' }),
        close: () => {
          if (!disposed) call({ op: 'close' });
        },
      };
    },
    dispose(): void {
      if (!disposed) {
        try {
          call({ op: 'dispose' });
        } catch {
          // A target that fails to release is past checking; the worker goes anyway.
        }
      }
      disposed = true;
      bridge.dispose();
    },
  };
}

/**
 * The worker side of module-target-in-worker.ts: loads a user's target module in this thread and runs its calls,
 * one at a time, so that a call that never returns blocks this thread, not mqspec's.
 */
import { serveBridge } from './targets/async-bridge-worker.js';
import { loadTargetModule } from './target-module.js';
import type { Target, TargetSession } from './target.js';
import type { ModuleTargetRequest } from './module-target-in-worker.js';
import type { SystemId } from '../model/system.js';
import type { CommandOf, SetupOf } from './system-types.js';

let target: Target | undefined;
let session: TargetSession | undefined;

/** The loaded target, or a reason. */
function loaded(): Target {
  if (target === undefined) throw new Error('the module is not loaded');
  return target;
}

/** The open session, or a reason. */
function open(): TargetSession {
  if (session === undefined) throw new Error('no scenario is open');
  return session;
}

serveBridge(async (raw) => {
  const request = raw as ModuleTargetRequest;
  switch (request.op) {
    case 'load': {
      target = await loadTargetModule(request.path);
      // Only data crosses threads: the declaration, not the functions.
      return { name: target.name, version: target.version, describes: target.describes, systems: target.systems };
    }
    case 'open':
      session = loaded().open(request.system as SystemId, request.setup as SetupOf<SystemId>);
      return null;
    case 'step':
      return open().step(request.command as CommandOf<SystemId>);
    case 'observe':
      return open().observe();
    case 'close': {
      const closing = session;
      session = undefined;
      closing?.close();
      return null;
    }
    case 'dispose':
      loaded().dispose?.();
      return null;
  }
});

/**
 * The registry of targets by name, as `mqspec check --target NAME` and `mqspec replay` find them:
 *
 * - a bundled target (`python-rocketmq-filter`, …): this registry;
 * - `zoo:<id>`: a bug-zoo entry, in process;
 * - `exec:<command line>`: any program speaking the JSON-lines protocol;
 * - a module path (`./my-target.mjs`): an in-process target module, loaded before the check in a worker thread of its
 *   own (module-target-in-worker.ts).
 */
import type { SystemId } from '../model/system.js';
import { join } from 'node:path';
import { bugZoo } from './bug-zoo/bugs.js';
import { findZooTarget, zooPrefix } from './bug-zoo/zoo-targets.js';
import { packageRoot } from './package-root.js';
import { execPrefix, protocolTarget } from './protocol/protocol-target.js';
import type { Target } from './target.js';
import { kafkaPythonTargets, kafkaPythonUnavailable } from './targets/kafka-python/kafka-python-target.js';
import type { LibraryTarget } from './targets/library-target.js';
import { libraryTargets } from './targets/library-targets.js';

/** How a target is started. */
export interface TargetStartOptions {
  /** The protocol's per-request timeout in milliseconds. */
  readonly timeout?: number;
  /** In-process target modules already loaded, by the path the user gave. */
  readonly modules?: ReadonlyMap<string, Target>;
}

/** A target that ships with mqspec. */
export interface BundledTarget {
  readonly name: string;
  /** What it wraps, in a few words. */
  readonly wraps: string;
  /** The version of what it wraps. */
  readonly version: string;
  readonly systems: readonly SystemId[];
  /** `in-process` or `protocol`. */
  readonly kind: 'in-process' | 'protocol';
  create(options: TargetStartOptions): Target;
  /** Why it cannot run on this machine (a missing interpreter or package), or undefined when it can. */
  unavailable?(): string | undefined;
}

/** A real library's in-process target as a registry entry. */
function inProcess(target: LibraryTarget): BundledTarget {
  return {
    name: target.name,
    wraps: target.describes,
    version: target.version,
    systems: target.systems.map((s) => s.system),
    kind: 'in-process',
    create: () => target,
    ...(target.unavailable === undefined ? {} : { unavailable: target.unavailable }),
  };
}

/** kafka-python's targets, over the protocol. */
const kafkaPython: readonly BundledTarget[] = kafkaPythonTargets.map((target) => ({
  name: target.name,
  wraps: target.describes,
  version: target.version,
  systems: target.systems.map((s) => s.system),
  kind: 'protocol',
  create: (options: TargetStartOptions) => target.start(options.timeout === undefined ? {} : { timeout: options.timeout }),
  unavailable: kafkaPythonUnavailable,
}));

/** The bundled Python example as a protocol target (the template in conformance/examples/). */
const pythonFilterExample: BundledTarget = {
  name: 'python-rocketmq-filter',
  wraps: 'conformance/examples/rocketmq_filter_target.py: FilterAPI, String.hashCode and both tag filters in Python 3 (stdlib only)',
  version: '1.0.0',
  systems: ['rocketmq.filter'],
  kind: 'protocol',
  create: (options) =>
    protocolTarget(`python3 ${join(packageRoot(), 'conformance/examples/rocketmq_filter_target.py')}`, {
      name: 'python-rocketmq-filter',
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    }),
};

/** Every bundled target: the Python example and the real libraries (conformance/targets/). */
export const bundledTargets: readonly BundledTarget[] = [pythonFilterExample, ...libraryTargets.map(inProcess), ...kafkaPython];

/** A target name that no route resolves. */
export class UnknownTarget extends Error {
  override readonly name = 'UnknownTarget';
}

/** A bundled target that cannot run here (its library is not installed): the message says how to install it. */
export class TargetUnavailable extends Error {
  override readonly name = 'TargetUnavailable';
}

/** True when `name` reads as a module path rather than a registered name. */
export function isModulePath(name: string): boolean {
  return !name.startsWith(zooPrefix) && !name.startsWith(execPrefix) && (/[\\/]/.test(name) || /\.(m?js|ts)$/.test(name));
}

/**
 * Starts the target called `name` (see the module comment); throws UnknownTarget, TargetUnavailable (a bundled
 * target whose library is not installed), or what starting it throws.
 */
export function resolveTarget(name: string, options: TargetStartOptions = {}): Target {
  if (name.startsWith(execPrefix)) {
    return protocolTarget(name.slice(execPrefix.length), { ...(options.timeout === undefined ? {} : { timeout: options.timeout }) });
  }
  if (name.startsWith(zooPrefix)) {
    const zoo = findZooTarget(name);
    if (zoo === undefined) throw new UnknownTarget(`unknown bug-zoo entry "${name}" (expected ${zooPrefix}<id>, e.g. ${zooPrefix}${bugZoo[0]?.id ?? 'id'})`);
    return zoo;
  }
  const module = options.modules?.get(name);
  if (module !== undefined) return module;
  const bundled = bundledTargets.find((t) => t.name === name);
  if (bundled !== undefined) {
    const reason = bundled.unavailable?.();
    if (reason !== undefined) throw new TargetUnavailable(`${name}: ${reason}`);
    return bundled.create(options);
  }
  const known = bundledTargets.map((t) => t.name).join(', ');
  throw new UnknownTarget(`unknown target "${name}" (expected a bundled target (${known}), ${zooPrefix}<id>, ${execPrefix}<command> or a module path)`);
}

export { loadTargetModule } from './target-module.js';

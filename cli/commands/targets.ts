/**
 * `mqspec targets`: the bundled targets with their systems, versions, whether they can run here (a library that is not
 * installed is listed as `not installed (npm i -D LIB@VERSION)`) and what they wrap, then the bug-zoo targets.
 */
import { bugZoo } from '../../conformance/bug-zoo/bugs.js';
import { zooPrefix } from '../../conformance/bug-zoo/zoo-targets.js';
import { bundledTargets, type BundledTarget } from '../../conformance/targets.js';
import { colorsFor, type CliContext } from '../context.js';
import { ExitCode } from '../exit-code.js';
import { renderTable } from '../format/table.js';

/** The options of `mqspec targets`. */
export interface TargetsOptions {
  readonly json?: boolean;
}

/** One listed target. */
export interface TargetListing {
  readonly name: string;
  readonly kind: 'in-process' | 'protocol' | 'bug-zoo';
  readonly systems: readonly string[];
  readonly version: string;
  readonly wraps: string;
  /** Why it cannot run here (`not installed (npm i -D kafkajs@2.2.4)`); absent when it can. */
  readonly unavailable?: string;
}

/** A bundled target as listed, with why it cannot run here when it cannot. */
function bundledListing(target: BundledTarget): TargetListing {
  const unavailable = target.unavailable?.();
  return { name: target.name, kind: target.kind, systems: target.systems, version: target.version, wraps: target.wraps, ...(unavailable === undefined ? {} : { unavailable }) };
}

/** Every target `--target` accepts by name. */
export function targetListings(): TargetListing[] {
  return [
    ...bundledTargets.map(bundledListing),
    ...bugZoo.map((bug): TargetListing => ({ name: `${zooPrefix}${bug.id}`, kind: 'bug-zoo', systems: [bug.implementation.id], version: 'bug-zoo', wraps: bug.mistake })),
  ];
}

/** Prints the targets; always succeeds. */
export function targetsCommand(options: TargetsOptions, context: CliContext): ExitCode {
  const listings = targetListings();
  if (options.json === true) {
    context.stdout.write(JSON.stringify({ targets: listings }, null, 2) + '\n');
    return ExitCode.ok;
  }
  const colors = colorsFor(context.stdout, context.env);
  const columns = [{ header: 'target' }, { header: 'kind' }, { header: 'systems' }, { header: 'version' }, { header: 'status' }, { header: 'wraps' }];
  const rows = listings.map((t) => [t.name, t.kind, t.systems.join(', '), t.version, t.unavailable ?? 'ready', t.wraps]);
  context.stdout.write(renderTable(columns, rows, (text, row, column) => (row === -1 ? colors.bold(text) : column === 4 && text !== 'ready' ? colors.yellow(text) : text)));
  context.stdout.write(colors.dim('\nalso: --target exec:<command> (any JSON-lines protocol program) or --target <module path> (an in-process target module)\n'));
  return ExitCode.ok;
}

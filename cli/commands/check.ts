/** `mqspec check`: runs properties of the catalog by generation and reports what each found. */
import { randomInt } from 'node:crypto';
import { checkProperty, isExpected, type PropertyResult } from '../../properties/check-property.js';
import type { Property } from '../../properties/property.js';
import { colorsFor, type CliContext } from '../context.js';
import { ExitCode } from '../exit-code.js';
import { progressDone, progressRunning, resultDetails, summaryLine, summaryTable } from '../format/check-report.js';
import { parseInteger, parsePositiveInteger } from '../parse-integer.js';
import { UsageError } from '../usage-error.js';

/** The seed when neither `--seed` nor MQSPEC_SEED gives one (the same as vitest.setup.ts). */
export const defaultSeed = 20261202;

/** The options of `mqspec check`, as typed on the command line. */
export interface CheckCommandOptions {
  /** Property ids (repeatable); all properties when empty. */
  readonly property?: readonly string[];
  readonly system?: string;
  /** An integer, or `random` for a fresh seed (printed with the results). */
  readonly seed?: string;
  readonly runs?: string;
  readonly json?: boolean;
}

/** What `mqspec check --json` prints. */
export interface CheckDocument {
  readonly seed: number;
  readonly results: readonly PropertyResult[];
  readonly summary: { readonly passed: number; readonly failed: number };
}

/** The base seed: `--seed`, else MQSPEC_SEED, else the default. */
export function resolveSeed(option: string | undefined, env: CliContext['env']): number {
  if (option === 'random') return randomInt(0, 2 ** 31 - 1);
  if (option !== undefined) return parseInteger('--seed', option);
  const fromEnv = env['MQSPEC_SEED'];
  if (fromEnv !== undefined && fromEnv !== '') return parseInteger('MQSPEC_SEED', fromEnv);
  return defaultSeed;
}

/** A quoted, comma-separated list for "expected one of" messages. */
function oneOf(values: readonly string[]): string {
  return values.length === 0 ? 'none registered yet' : values.join(', ');
}

/** The properties to run, in catalog order, or a UsageError for an unknown id or system. */
export function selectProperties(
  context: Pick<CliContext, 'catalog' | 'systems'>,
  ids: readonly string[],
  system: string | undefined,
): Property[] {
  const known = context.catalog.map((p) => p.id);
  for (const id of ids) {
    if (!known.includes(id)) throw new UsageError(`--property: unknown property "${id}" (expected one of: ${oneOf(known)})`);
  }
  if (system !== undefined) {
    const systems = [...new Set([...context.systems.keys(), ...context.catalog.map((p) => p.system)])];
    if (!systems.includes(system)) throw new UsageError(`--system: unknown system "${system}" (expected one of: ${oneOf(systems)})`);
    const elsewhere = context.catalog.find((p) => ids.includes(p.id) && p.system !== system);
    if (elsewhere !== undefined) {
      throw new UsageError(`--property: ${elsewhere.id} belongs to ${elsewhere.system}, not to --system ${system}`);
    }
  }
  return context.catalog.filter((p) => (ids.length === 0 || ids.includes(p.id)) && (system === undefined || p.system === system));
}

/** Runs the selected properties; exit 0 when every result is as its kind expects, 1 otherwise. */
export function checkCommand(options: CheckCommandOptions, context: CliContext): ExitCode {
  const selected = selectProperties(context, options.property ?? [], options.system);
  const seed = resolveSeed(options.seed, context.env);
  const runs = options.runs === undefined ? undefined : parsePositiveInteger('--runs', options.runs);
  const json = options.json === true;
  const colors = colorsFor(context.stdout, context.env);
  const tty = context.stdout.isTTY;
  const results: PropertyResult[] = [];
  for (const property of selected) {
    if (!json && tty) context.stdout.write(progressRunning(property, colors));
    const result = checkProperty(property, { seed, ...(runs === undefined ? {} : { runs }) });
    results.push(result);
    if (!json) context.stdout.write(progressDone(result, colors, tty));
  }
  const passed = results.filter(isExpected).length;
  const failed = results.length - passed;
  if (json) {
    const document: CheckDocument = { seed, results, summary: { passed, failed } };
    context.stdout.write(JSON.stringify(document, null, 2) + '\n');
  } else {
    if (results.length === 0) context.stdout.write('no properties selected\n');
    else context.stdout.write('\n' + summaryTable(results, colors));
    const details = results.map((r) => resultDetails(r, seed, runs, colors)).filter((text) => text !== '');
    if (details.length > 0) context.stdout.write('\n' + details.join('\n'));
    context.stdout.write('\n' + summaryLine(passed, failed, seed, colors));
  }
  return failed === 0 ? ExitCode.ok : ExitCode.failed;
}

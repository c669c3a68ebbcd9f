/**
 * Scenario files on disk: hand-written scenarios (`scenarios/`) and persisted counterexamples (`counterexamples/`).
 * A file holds either a scenario or a counterexample, i.e. an object whose `scenario` field is the scenario, with
 * provenance beside it (`property`, `seed`, …). Both may name the property they exercise in a `property` field.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseScenario } from '../model/parse-scenario.js';
import type { Scenario } from '../model/scenario.js';
import type { AnySystemModel } from '../model/system.js';
import { systems as registeredSystems } from '../model/systems.js';
import { isRecord } from '../model/json.js';
import { readJsonFile } from './read-json-file.js';
import { targetReachSchema, type TargetReach } from './corpus/target-reach.js';

/** A file that held a valid scenario. */
export interface LoadedScenarioFile {
  readonly path: string;
  readonly scenario: Scenario;
  /** The property the file names, if any. */
  readonly property?: string;
  /** The target a counterexample was found on, when the file names one (`model` for the reference model). */
  readonly target?: string;
  /** How to start that target again (relative to the file's folder), when the file records it. */
  readonly reach?: TargetReach;
  /** True when the file is a counterexample (the scenario sits in its `scenario` field). */
  readonly counterexample: boolean;
}

/** A file that could not be used, with a one-line reason naming the position of the fault (without the path). */
export interface RejectedScenarioFile {
  readonly path: string;
  readonly reason: string;
}

/** One scenario file, loaded or rejected. */
export type ScenarioFile = LoadedScenarioFile | RejectedScenarioFile;

/** The outcome of validating one parsed JSON document, before a path is attached. */
export type ScenarioDocument = Omit<LoadedScenarioFile, 'path'> | Omit<RejectedScenarioFile, 'path'>;

/** True for a rejected file. */
export function isRejected(file: ScenarioFile): file is RejectedScenarioFile {
  return 'reason' in file;
}

/** Validates a parsed JSON document as a scenario or a counterexample wrapping one. */
export function parseScenarioDocument(raw: unknown, systems: ReadonlyMap<string, AnySystemModel>): ScenarioDocument {
  // A scenario has `commands`; a counterexample wraps one in `scenario`. Anything else is judged as a scenario so
  // that the reason names what a scenario lacks.
  const counterexample = isRecord(raw) && raw['scenario'] !== undefined && raw['commands'] === undefined;
  const property = isRecord(raw) ? raw['property'] : undefined;
  if (property !== undefined && typeof property !== 'string') {
    return { reason: 'property: expected a string naming a property id' };
  }
  const parsed = parseScenario(counterexample ? raw['scenario'] : raw, systems);
  if (!parsed.ok) return { reason: counterexample ? `scenario.${parsed.reason}` : parsed.reason };
  const target = isRecord(raw) && typeof raw['target'] === 'string' ? raw['target'] : undefined;
  const reach = isRecord(raw) && raw['reach'] !== undefined ? targetReachSchema.safeParse(raw['reach']) : undefined;
  if (reach !== undefined && !reach.success) {
    return { reason: 'reach: expected {"bundled": NAME}, {"module": PATH} or {"exec": COMMAND, "cwd": PATH}' };
  }
  return {
    scenario: parsed.scenario,
    ...(property === undefined ? {} : { property }),
    ...(target === undefined ? {} : { target }),
    ...(reach === undefined ? {} : { reach: reach.data }),
    counterexample,
  };
}

/** Reads and validates one file; never throws: an unreadable file, one over the size limit or invalid JSON is a rejected file. */
export function readScenarioFile(path: string, systems: ReadonlyMap<string, AnySystemModel> = registeredSystems): ScenarioFile {
  const json = readJsonFile(path);
  if (!json.ok) return { path, reason: json.reason };
  return { path, ...parseScenarioDocument(json.value, systems) };
}

/** Code-point order, so the listing does not depend on the locale. */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Every `*.json` file under `folder` (recursively, in sorted path order), loaded or rejected. A missing folder holds
 * no scenarios: an empty corpus (e.g. no counterexamples yet) cannot be committed as a folder.
 */
export function loadScenarioFiles(folder: string, systems: ReadonlyMap<string, AnySystemModel> = registeredSystems): ScenarioFile[] {
  return jsonFilesUnder(folder).map((path) => readScenarioFile(path, systems));
}

/** The paths of every `*.json` file under `folder` (recursively, sorted by their path below it); none for a missing folder. */
export function jsonFilesUnder(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder, { recursive: true, encoding: 'utf8' });
  } catch (error) {
    if (isRecord(error) && error['code'] === 'ENOENT') return [];
    throw error;
  }
  return entries
    .map((entry) => entry.split('\\').join('/'))
    .filter((entry) => entry.endsWith('.json') && statSync(join(folder, entry)).isFile())
    .sort(byCodePoint)
    .map((entry) => join(folder, entry));
}

/**
 * The edge-case report as data, before it is rendered to Markdown or HTML: every property's verdict and coverage in
 * a fixed-seed check run, and per hazard the belief, why it is false, one minimal counterexample — the shortest stored
 * one that still reproduces (else the one this run found) — with its trace, narrated steps and picture.
 */
import type { Scenario } from '../model/scenario.js';
import type { AnySystemModel } from '../model/system.js';
import { runTrace, type Trace } from '../model/trace.js';
import { checkProperty, type PropertyResult, type PropertyStatus } from '../properties/check-property.js';
import { modelTarget } from '../properties/corpus/counterexample-record.js';
import { storedFor, type Corpus, type StoredCounterexample } from '../properties/corpus/load-corpus.js';
import type { Property, PropertyKind } from '../properties/property.js';
import { coverageRows, type CoverageRow } from './coverage.js';
import { diagramFor, type Diagram } from './diagrams/diagram-for.js';
import { narrateCommand } from './narrate/narrate-command.js';
import { outcomeText } from './narrate/outcome-text.js';

/** One property's line in the report. */
export interface PropertyLine {
  readonly id: string;
  readonly system: string;
  readonly kind: PropertyKind;
  readonly statement: string;
  readonly status: PropertyStatus;
  readonly runs: number;
  readonly coverage: readonly CoverageRow[];
}

/** One step of a counterexample, as the report lists it. */
export interface NarratedStep {
  readonly index: number;
  /** The command in words ("consumer assigns t0-0"), or its JSON. */
  readonly text: string;
  readonly command: unknown;
  readonly outcome: string;
  readonly violates: boolean;
}

/** Where a hazard's counterexample comes from. */
export type ExampleSource = { readonly kind: 'corpus'; readonly file: string } | { readonly kind: 'generated'; readonly seed: number };

/** A hazard's minimal counterexample, ready to render. */
export interface HazardExample {
  readonly source: ExampleSource;
  readonly scenario: Scenario;
  readonly step: number;
  readonly message: string;
  readonly explanation?: string;
  readonly steps: readonly NarratedStep[];
  readonly trace: Trace;
  readonly diagram: Diagram;
}

/** One hazard's section. */
export interface HazardSection {
  readonly id: string;
  readonly system: string;
  readonly statement: string;
  readonly why: string;
  readonly status: PropertyStatus;
  readonly example?: HazardExample;
  /** Other stored counterexamples that reproduce, by file. */
  readonly alsoStored: readonly string[];
  /** Stored counterexamples that no longer reproduce, by file. */
  readonly stale: readonly string[];
}

/** One divergence (or failure) of a real library, as conformance/expectations.json records and judges it. */
export interface LibraryFinding {
  /** The bundled target's name and the library with its exact version. */
  readonly target: string;
  readonly library: string;
  readonly property: string;
  readonly system: string;
  readonly status: 'diverges' | 'failure';
  /** The judgement against the Java source. */
  readonly judgement: string;
  /** What the standalone reproduction through the library's public API shows (repros/), or why there is none. */
  readonly reproduction: string;
  /** The shrunk scenario as the model runs it, the diverging step marked; the message says what the target did. */
  readonly example?: HazardExample;
  /** The model's answer at the diverging step. */
  readonly modelAnswer?: string;
}

/** The whole report. */
export interface EdgeCaseReport {
  /** What mqspec found in real libraries (empty when no expectations are given). */
  readonly findings: readonly LibraryFinding[];
  /** The base seed of the coverage run. */
  readonly seed: number;
  readonly properties: readonly PropertyLine[];
  readonly hazards: readonly HazardSection[];
  /** Corpus files that could not be used. */
  readonly warnings: readonly string[];
}

/** What the report is built from. */
export interface ReportInput {
  readonly catalog: readonly Property[];
  readonly systems: ReadonlyMap<string, AnySystemModel>;
  readonly corpus: Corpus;
  readonly seed: number;
  /** The fixed-seed check results, by property id (see `coverageRun`). */
  readonly results: ReadonlyMap<string, PropertyResult>;
  /** The bundled targets' findings to show, from conformance/expectations.json. */
  readonly findings?: readonly LibraryFindingInput[];
}

/** A finding as the expectations file gives it. */
export interface LibraryFindingInput {
  readonly target: string;
  readonly library: string;
  readonly property: string;
  readonly status: 'diverges' | 'failure';
  readonly judgement: string;
  /** The reproduction line (see LibraryFinding). */
  readonly reproduction: string;
  /** The stored counterexample: its scenario, diverging step and message. */
  readonly counterexample?: { readonly file: string; readonly scenario: Scenario; readonly step: number; readonly message: string };
}

/** A finding with its scenario narrated and pictured on the model. */
function libraryFinding(input: LibraryFindingInput, systems: ReadonlyMap<string, AnySystemModel>): LibraryFinding {
  const stored = input.counterexample;
  const system = stored?.scenario.system ?? '';
  const base = { target: input.target, library: input.library, property: input.property, system, status: input.status, judgement: input.judgement, reproduction: input.reproduction };
  const model = systems.get(system);
  if (stored === undefined || model === undefined) return base;
  const shown = exampleAt(model, stored.scenario, stored.step, stored.message, { kind: 'corpus', file: portable(stored.file) });
  const answer = shown.trace.steps[stored.step]?.outcome;
  return { ...base, example: shown, ...(answer === undefined ? {} : { modelAnswer: outcomeText(answer, system, stored.scenario.commands[stored.step]) }) };
}

/** Checks every property of the catalog by generation with its default runs, for coverage and hazards. */
export function coverageRun(catalog: readonly Property[], seed: number): Map<string, PropertyResult> {
  return new Map(catalog.map((property) => [property.id, checkProperty(property, { seed })]));
}

/** The scenario's steps in words, the violating one marked. */
function narrate(scenario: Scenario, trace: Trace, violating: number): NarratedStep[] {
  return trace.steps.map((step) => ({
    index: step.index,
    text: narrateCommand(scenario.system, step.command, scenario.setup),
    command: step.command,
    outcome: outcomeText(step.outcome, scenario.system, step.command),
    violates: step.index === violating,
  }));
}

/** The example of a hazard from a scenario that violates it. */
function example(property: Property, model: AnySystemModel, scenario: Scenario, source: ExampleSource): HazardExample | undefined {
  const evaluation = property.evaluate(scenario);
  if (evaluation.status !== 'violated') return undefined;
  return exampleAt(model, scenario, evaluation.step, evaluation.message, source, evaluation.explanation);
}

/** A scenario as the model runs it, narrated and pictured, with `step` marked and `message` saying what happens there. */
export function exampleAt(model: AnySystemModel, scenario: Scenario, step: number, message: string, source: ExampleSource, explanation?: string): HazardExample {
  const trace = runTrace(model, scenario.setup, scenario.commands);
  return {
    source,
    scenario,
    step,
    message,
    ...(explanation === undefined ? {} : { explanation }),
    steps: narrate(scenario, trace, step),
    trace,
    diagram: diagramFor(scenario.system, trace, step),
  };
}

/** Shortest first, then by file: the stored counterexample the report shows. */
function byLengthThenPath(a: StoredCounterexample, b: StoredCounterexample): number {
  const length = a.record.scenario.commands.length - b.record.scenario.commands.length;
  return length !== 0 ? length : a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** A file path with forward slashes, so the report reads the same on every platform. */
function portable(path: string): string {
  return path.split('\\').join('/');
}

/** One hazard's section: the shortest reproducing stored counterexample, else the generated one. */
function hazardSection(property: Property, input: ReportInput): HazardSection {
  const result = input.results.get(property.id);
  const model = input.systems.get(property.system);
  const stored = storedFor(input.corpus, property.id, modelTarget).sort(byLengthThenPath);
  const reproducing = stored.filter((entry) => property.evaluate(entry.record.scenario).status === 'violated');
  const stale = stored.filter((entry) => !reproducing.includes(entry)).map((entry) => portable(entry.path));
  const base = { id: property.id, system: property.system, statement: property.statement, why: property.why, status: result?.status ?? 'not-found', stale };
  if (model === undefined) return { ...base, alsoStored: [] };
  const chosen = reproducing[0];
  const shown =
    chosen !== undefined
      ? example(property, model, chosen.record.scenario, { kind: 'corpus', file: portable(chosen.path) })
      : result?.counterexample === undefined
        ? undefined
        : example(property, model, result.counterexample.scenario, { kind: 'generated', seed: input.seed });
  return { ...base, ...(shown === undefined ? {} : { example: shown }), alsoStored: reproducing.slice(1).map((entry) => portable(entry.path)) };
}

/** Builds the report from the catalog, the corpus and a fixed-seed run. */
export function edgeCaseReport(input: ReportInput): EdgeCaseReport {
  const properties = input.catalog.map((property): PropertyLine => {
    const result = input.results.get(property.id);
    return {
      id: property.id,
      system: property.system,
      kind: property.kind,
      statement: property.statement,
      status: result?.status ?? 'not-found',
      runs: result?.runs ?? 0,
      coverage: result === undefined ? [] : coverageRows(result),
    };
  });
  const hazards = input.catalog.filter((property) => property.kind === 'hazard').map((property) => hazardSection(property, input));
  const findings = (input.findings ?? []).map((finding) => libraryFinding(finding, input.systems));
  return { seed: input.seed, properties, hazards, findings, warnings: input.corpus.warnings };
}

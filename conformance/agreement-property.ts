/**
 * The differential property of a system, "the target agrees with the model": run in lockstep, every step's outcome
 * (ok or error, the error's name, the value — not the message, whose wording differs between versions) and the
 * observation's declared fields must equal the model's, after the system's comparison has put both in canonical
 * form (conformance/../model/system.ts `Comparison`). The first diverging step is reported with both sides. On the
 * reference model itself it holds by construction; it is a property of targets.
 */
import fc from 'fast-check';
import type { Outcome } from '../model/outcome.js';
import type { Command, Scenario } from '../model/scenario.js';
import type { AnySystemModel, SystemId } from '../model/system.js';
import { deepEqual } from '../properties/deep-equal.js';
import { diffObservations } from '../properties/observation-diff.js';
import { isTraceSource, standardLabels, type Divergence, type Evaluation, type Implementation, type Property } from '../properties/property.js';
import { isLockstepSource, lockstepSource, type LockstepSource, type LockstepStep, type SideStep } from './lockstep.js';
import { modelTarget } from './model-target.js';
import { reachableCommands } from './reachable-commands.js';
import { projectFields, valueAt } from './observation-fields.js';
import type { TargetSystem } from './target.js';

/** The id prefix of each system's properties. */
const prefixes: Readonly<Record<SystemId, string>> = {
  'kafka.consumer': 'KC',
  'kafka.group': 'KG',
  'rocketmq.allocate': 'RA',
  'rocketmq.filter': 'RF',
  'rocketmq.group': 'RG',
};

/** The differential property's id for a system: `KC-AGREE`, `RF-AGREE`, … */
export function agreementId(system: SystemId): string {
  // A system outside the registry (a test's own) is named by its id.
  return `${(prefixes as Readonly<Record<string, string | undefined>>)[system] ?? system}-AGREE`;
}

/** A value as compact JSON, cut to `max` characters. */
function show(value: unknown, max = 160): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Both outcomes in the system's canonical form; the message is not compared. */
function canonicalOutcome(model: AnySystemModel, command: Command, outcome: Outcome): Outcome {
  const canonical = model.comparison?.outcome?.(command, outcome) ?? outcome;
  return canonical.ok ? canonical : { ok: false, error: canonical.error };
}

/** The observation in the system's canonical form, projected on the declared fields. */
function canonicalObservation(model: AnySystemModel, observation: unknown, fields: readonly string[] | undefined): unknown {
  return projectFields(model.comparison?.observation?.(observation) ?? observation, fields);
}

/** What differs between the two sides of a step (`outcome`, a field, `$`), or undefined when they agree. */
function firstDifference(model: AnySystemModel, fields: readonly string[] | undefined, command: Command, modelSide: SideStep, targetSide: SideStep): string | undefined {
  // Equal as they are is equal in canonical form too: the canonical forms are only built when the sides differ.
  const sameOutcome =
    (modelSide.outcome.ok && targetSide.outcome.ok && deepEqual(modelSide.outcome.value, targetSide.outcome.value)) ||
    deepEqual(canonicalOutcome(model, command, modelSide.outcome), canonicalOutcome(model, command, targetSide.outcome));
  if (!sameOutcome) return 'outcome';
  if (fields !== undefined && fields.length === 0) return undefined;
  if (fields === undefined && deepEqual(modelSide.after, targetSide.after)) return undefined;
  const expected = canonicalObservation(model, modelSide.after, fields);
  const actual = canonicalObservation(model, targetSide.after, fields);
  if (deepEqual(expected, actual)) return undefined;
  if (fields !== undefined) return fields.find((field) => !deepEqual(valueAt(expected, field), valueAt(actual, field))) ?? '$';
  // The whole observation is compared: name the first path that differs (`partitions.t0-0.position`).
  return diffObservations(expected, actual)[0]?.path ?? '$';
}

/**
 * The value at a path as `diffObservations` writes it (`a.b`, `a["odd.key"]`, `list[2]`), or the dotted field.
 */
function valueAtPath(observation: unknown, path: string): unknown {
  let current: unknown = observation;
  for (const key of pathSegments(path)) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** What differs at one lockstep step (`outcome`, an observation path) after the system's comparison, if anything. */
export function stepDifference(reference: AnySystemModel, declared: TargetSystem, step: LockstepStep): string | undefined {
  return firstDifference(reference, declared.fields, step.command, step.model, step.target);
}

/** The one-sentence message of a divergence. */
function divergenceMessage(divergence: Divergence): string {
  const where = `step ${divergence.step} (${divergence.command.type})`;
  if (divergence.differs === 'outcome') {
    return `${where}: the target answered ${show(divergence.target.outcome)} where the model answers ${show(divergence.model.outcome)}`;
  }
  // A declared field with a wildcard (`partitions.*.paused`) names no one value: show the first concrete path it covers.
  const concrete = divergence.differs.includes('*') ? firstPathMatching(divergence.model.observation, divergence.target.observation, divergence.differs) : undefined;
  const path = concrete ?? divergence.differs;
  const pick = (observation: unknown): unknown => (path === '$' ? observation : valueAtPath(observation, path));
  const at = concrete === undefined ? '' : ` differs at ${concrete}: it`;
  return `${where}: observation ${divergence.differs}${at} is ${show(pick(divergence.target.observation))} on the target, ${show(pick(divergence.model.observation))} on the model`;
}

/** A path's segments (`a.b`, `a["odd.key"]`, `list[2]`), as `valueAtPath` reads them. */
function pathSegments(path: string): string[] {
  return [...path.matchAll(/([^.[\]]+)|\[("(?:[^"\\]|\\.)*"|\d+)\]/g)].map((match) =>
    match[1] ?? (match[2]?.startsWith('"') === true ? (JSON.parse(match[2]) as string) : String(match[2])),
  );
}

/** The first concrete path where the two observations differ among the values a wildcard field covers. */
function firstPathMatching(model: unknown, target: unknown, field: string): string | undefined {
  return diffObservations(projectFields(model, [field]), projectFields(target, [field]))[0]?.path;
}

/** The lockstep source to evaluate on: the given one, or a model (the reference by default) wrapped as a target. */
function sourceFor(reference: AnySystemModel, declared: TargetSystem, implementation: Implementation | undefined): LockstepSource {
  if (implementation !== undefined && isLockstepSource(implementation)) return implementation;
  if (implementation !== undefined && isTraceSource(implementation)) throw new Error(`${agreementId(reference.id)} runs on a target (a lockstep source), not on a bare trace`);
  const model = implementation ?? reference;
  const target = modelTarget({ name: 'model', version: 'reference', describes: 'the model itself', systems: [{ model, ...declared }] });
  return lockstepSource(target, declared, reference);
}

/** Runs one scenario in lockstep and stops at the first divergence. */
function evaluateAgreement(reference: AnySystemModel, declared: TargetSystem, given: Scenario, implementation: Implementation | undefined): Evaluation {
  const labels = new Set<string>();
  // Generated scenarios arrive without the commands the target's caller cannot make; a stored or hand-written one
  // may hold them, and they are left out here too (steps count in the scenario as run).
  const scenario = reachableCommands(given, reference, declared.reachable);
  const run = sourceFor(reference, declared, implementation).runLockstep(scenario.setup, scenario.commands);
  try {
    for (let next = run.next(); next.done !== true; next = run.next()) {
      const step = next.value;
      for (const label of standardLabels(step.command, step.model.outcome)) labels.add(label);
      const differs = firstDifference(reference, declared.fields, step.command, step.model, step.target);
      if (differs === undefined) continue;
      const side = (s: SideStep): { outcome: Outcome; observation: unknown } => ({
        outcome: s.outcome,
        observation: declared.fields !== undefined && declared.fields.length === 0 ? {} : projectFields(s.after, declared.fields),
      });
      const divergence: Divergence = { step: step.index, command: step.command, differs, model: side(step.model), target: side(step.target) };
      return { status: 'violated', step: step.index, message: divergenceMessage(divergence), divergence, labels };
    }
  } finally {
    run.return?.();
  }
  return { status: 'held', labels };
}

/** The scenarios of a system as a target sees them: only the commands it declares. */
export function restrictCommands(scenario: Scenario, commands: readonly string[] | undefined): Scenario {
  if (commands === undefined) return scenario;
  return { ...scenario, commands: scenario.commands.filter((command) => commands.includes(command.type)) };
}

/** The differential property of `reference`'s system for a target declaring `declared`, over these scenarios. */
export function agreementProperty(reference: AnySystemModel, scenarios: fc.Arbitrary<Scenario>, declared: TargetSystem = { system: reference.id }): Property {
  return {
    id: agreementId(reference.id),
    system: reference.id,
    kind: 'invariant',
    statement: `The target agrees with the ${reference.id} model: after every step the same outcome (ok or error, error name, value) and the same declared observation fields.`,
    why: 'The model is the executable specification: a target that answers or shows anything else diverges from Java (a target that "fixes" a hazard diverges too).',
    runs: 200,
    scenarios: scenarios.map((scenario) => reachableCommands(restrictCommands(scenario, declared.commands), reference, declared.reachable)),
    evaluate: (scenario, implementation) => evaluateAgreement(reference, declared, scenario, implementation),
  };
}

/** A generator of every kind of scenario of a system: any of its properties' generators, drawn at random. */
export function systemScenarios(properties: readonly Property[], system: SystemId): fc.Arbitrary<Scenario> {
  const own = properties.filter((p) => p.system === system).map((p) => p.scenarios);
  if (own.length === 0) throw new Error(`no property of ${system} generates scenarios`);
  return fc.oneof(...own);
}

import type { Command, Scenario } from '../model/scenario.js';
import type { AnySystemModel } from '../model/system.js';
import type { Implementation, Property } from './property.js';
import { isRecord } from '../model/json.js';

/** The scenario without the command at `index`. */
export function withoutCommand(scenario: Scenario, index: number): Scenario {
  return { ...scenario, commands: scenario.commands.filter((_, i) => i !== index) };
}

/**
 * Every value one removal smaller than `value`: one array element fewer in one of its top-level fields or, with
 * `records`, one record key fewer (a command's `type` stays). These are the partitions, offsets, topics and
 * subscriptions a counterexample may carry without needing them.
 */
function* smallerValues(value: Record<string, unknown>, records: boolean): Generator<Record<string, unknown>> {
  for (const [key, field] of Object.entries(value)) {
    if (key === 'type') continue;
    if (Array.isArray(field)) {
      for (let i = 0; i < field.length; i++) yield { ...value, [key]: field.filter((_, j) => j !== i) };
    } else if (records && isRecord(field)) {
      for (const inner of Object.keys(field)) {
        const { [inner]: _dropped, ...rest } = field;
        yield { ...value, [key]: rest };
      }
    }
  }
}

/**
 * Scenarios one removal smaller inside the setup or one command, that the system's schemas still accept. The
 * setup's records (topics, brokers) describe the world and stay whole: a counterexample on a cluster without
 * topics would be smaller but harder to read.
 */
function* simplerScenarios(scenario: Scenario, model: AnySystemModel): Generator<Scenario> {
  if (isRecord(scenario.setup)) {
    for (const setup of smallerValues(scenario.setup, false)) {
      if (model.setupSchema.safeParse(setup).success) yield { ...scenario, setup };
    }
  }
  for (const [index, command] of scenario.commands.entries()) {
    for (const smaller of smallerValues(command as unknown as Record<string, unknown>, true)) {
      if (!model.commandSchema.safeParse(smaller).success) continue;
      const commands = scenario.commands.map((c, i) => (i === index ? (smaller as unknown as Command) : c));
      yield { ...scenario, commands };
    }
  }
}

/** Drops single commands for as long as the property stays violated, cutting what follows the violation. */
function dropCommands(property: Property, scenario: Scenario, implementation?: Implementation): Scenario {
  let current = scenario;
  let changed = true;
  while (changed) {
    changed = false;
    for (let index = current.commands.length - 1; index >= 0; index--) {
      const candidate = withoutCommand(current, index);
      const evaluation = property.evaluate(candidate, implementation);
      if (evaluation.status === 'violated') {
        current = { ...candidate, commands: candidate.commands.slice(0, evaluation.step + 1) };
        changed = true;
        break;
      }
    }
  }
  return current;
}

/**
 * Makes a violating scenario 1-minimal: cuts everything after the violating step, then drops single commands for as
 * long as the property stays violated. fast-check's shrinker gets close; this pass guarantees that removing any one
 * remaining command makes the property hold. Given the system's model, it also removes partitions, topics, offsets
 * and subscriptions the counterexample does not need (only where the schemas still accept the result), so stored
 * counterexamples say no more than they must. Given `shorten`, it then asks it for a shorter scenario built
 * differently and, when there is one that violates the property here too, makes that 1-minimal instead.
 */
export function minimize(property: Property, scenario: Scenario, implementation?: Implementation, model?: AnySystemModel, shorten?: Shorten): Scenario {
  const minimal = oneMinimal(property, scenario, implementation, model);
  if (shorten === undefined) return minimal;
  const shorter = shorten(property, minimal);
  if (shorter === undefined || shorter.commands.length >= minimal.commands.length) return minimal;
  // Taken only when it violates the property on the implementation too (the search ran on the model).
  if (property.evaluate(shorter, implementation).status !== 'violated') return minimal;
  return oneMinimal(property, shorter, implementation, model);
}

/**
 * A search for a shorter violating scenario than a 1-minimal one (properties/explore/shorten.ts): removing single
 * commands cannot reach a shorter sequence that is built differently.
 */
export type Shorten = (property: Property, scenario: Scenario) => Scenario | undefined;

function oneMinimal(property: Property, scenario: Scenario, implementation?: Implementation, model?: AnySystemModel): Scenario {
  const first = property.evaluate(scenario, implementation);
  if (first.status !== 'violated') return scenario;
  let current = dropCommands(property, { ...scenario, commands: scenario.commands.slice(0, first.step + 1) }, implementation);
  if (model === undefined) return current;
  let changed = true;
  while (changed) {
    changed = false;
    for (const candidate of simplerScenarios(current, model)) {
      const evaluation = property.evaluate(candidate, implementation);
      if (evaluation.status === 'violated') {
        current = dropCommands(property, { ...candidate, commands: candidate.commands.slice(0, evaluation.step + 1) }, implementation);
        changed = true;
        break;
      }
    }
  }
  return current;
}

/** True when dropping any single command makes the property hold (the test of 1-minimality). */
export function isOneMinimal(property: Property, scenario: Scenario, implementation?: Implementation): boolean {
  if (property.evaluate(scenario, implementation).status !== 'violated') return false;
  return scenario.commands.every((_, index) => property.evaluate(withoutCommand(scenario, index), implementation).status === 'held');
}

import type { Command, Scenario } from '../model/scenario.js';
import type { Evaluation, Property } from './property.js';
import type { SystemModel } from '../model/system.js';

type Implementation = SystemModel<unknown, unknown, Command, unknown>;

/** The scenario without the command at `index`. */
export function withoutCommand(scenario: Scenario, index: number): Scenario {
  return { ...scenario, commands: scenario.commands.filter((_, i) => i !== index) };
}

/**
 * Makes a violating scenario 1-minimal: cuts everything after the violating step, then drops single commands
 * for as long as the property stays violated. fast-check's shrinker gets close; this pass guarantees that
 * removing any one remaining command makes the property hold.
 */
export function minimize(property: Property, scenario: Scenario, implementation?: Implementation): Scenario {
  let current = scenario;
  let evaluation: Evaluation = property.evaluate(current, implementation);
  if (evaluation.status !== 'violated') return scenario;
  current = { ...current, commands: current.commands.slice(0, evaluation.step + 1) };
  let changed = true;
  while (changed) {
    changed = false;
    for (let index = current.commands.length - 1; index >= 0; index--) {
      const candidate = withoutCommand(current, index);
      evaluation = property.evaluate(candidate, implementation);
      if (evaluation.status === 'violated') {
        current = { ...candidate, commands: candidate.commands.slice(0, evaluation.step + 1) };
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

/**
 * The models are pure: a step answers a new state and never writes into the one it was given (the explorer keeps
 * every state it visits and shares their unchanged parts; a write would corrupt states already seen). Immer's
 * auto-freeze used to enforce this for the Kafka subscription state at run time; it is off for speed
 * (model/kafka/consumer/subscription-state.ts), so this test enforces it for every system: each state and command
 * is deep-frozen before it is stepped, and a write into either throws (ES modules run in strict mode).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Command } from '../../model/scenario.js';
import type { AnySystemModel } from '../../model/system.js';
import { systems } from '../../model/systems.js';
import { catalog } from '../../properties/catalog.js';

/** Freezes a value and everything it reaches; answers it. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const member of Object.values(value)) deepFreeze(member);
  return value;
}

/** Steps every scenario with frozen states and commands; answers the first step that threw, if any. */
function firstImpureStep(model: AnySystemModel, scenarios: readonly { setup: unknown; commands: readonly Command[] }[]): string | undefined {
  for (const scenario of scenarios) {
    let state = deepFreeze(model.init(scenario.setup));
    for (const [index, command] of scenario.commands.entries()) {
      try {
        state = deepFreeze(model.step(state, deepFreeze(structuredClone(command))).state);
        deepFreeze(model.observe(state));
      } catch (error) {
        return `step ${index} (${command.type}): ${error instanceof Error ? error.message : String(error)}`;
      }
    }
  }
  return undefined;
}

describe('the models never write into a state or command they were given', () => {
  it.each([...systems.keys()])('%s steps deep-frozen states and commands from every property generator of the system', (id) => {
    const model = systems.get(id) as AnySystemModel;
    const properties = catalog.filter((p) => p.system === id);
    expect(properties.length).toBeGreaterThan(0);
    const scenarios = properties.flatMap((p) => fc.sample(p.scenarios, { seed: 7, numRuns: 25 }));
    expect(firstImpureStep(model, scenarios)).toBeUndefined();
  });

  it('catches a step that writes into its state (a deliberately impure wrapper of kafka.consumer)', () => {
    const model = systems.get('kafka.consumer') as AnySystemModel;
    const impure: AnySystemModel = {
      ...model,
      step: (state, command) => {
        (state as { subscription: string[] }).subscription = [];
        return model.step(state, command);
      },
    };
    const scenarios = fc.sample(catalog.find((p) => p.system === 'kafka.consumer')?.scenarios ?? fc.constant({ system: 'kafka.consumer', setup: {}, commands: [] }), { seed: 7, numRuns: 5 });
    expect(firstImpureStep(impure, scenarios)).toMatch(/read only|read-only|Cannot assign/);
  });
});

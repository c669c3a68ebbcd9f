/**
 * Commands a library's own caller only makes in some states (TargetSystem `reachable`). kafka-python's coordinator
 * hands a consumer an assignment only after it joined, which only a consumer that subscribed does
 * (coordinator/consumer.py: ConsumerCoordinator.poll joins only when `partitions_auto_assigned()`); the model's
 * `rebalance` may come in any mode, so a scenario would make a call no user of the library can make, and report what
 * its internals do with it. A target declares `{"rebalance": {"mode": ["AUTO_TOPICS", "AUTO_PATTERN"]}}`: such a
 * command is left out of each scenario where the model's observation before it has another value at that field
 * (the target and the model agree up to there, or the divergence is reported first).
 */
import type { Scenario } from '../model/scenario.js';
import type { AnySystemModel } from '../model/system.js';
import { deepEqual } from '../properties/deep-equal.js';
import { valueAt } from './observation-fields.js';

/** Command type → observation field → the values in which the library's caller makes that command. */
export type Reachable = Readonly<Record<string, Readonly<Record<string, readonly unknown[]>>>>;

/** True when the observation allows the command. */
function allowed(observation: unknown, conditions: Readonly<Record<string, readonly unknown[]>>): boolean {
  return Object.entries(conditions).every(([field, values]) => values.some((value) => deepEqual(valueAt(observation, field), value)));
}

/** The scenario without the commands its state makes unreachable for the target. */
export function reachableCommands(scenario: Scenario, model: AnySystemModel, reachable: Reachable | undefined): Scenario {
  if (reachable === undefined) return scenario;
  let state = model.init(scenario.setup);
  const kept = [];
  for (const command of scenario.commands) {
    const conditions = reachable[command.type];
    if (conditions !== undefined && !allowed(model.observe(state), conditions)) continue;
    kept.push(command);
    state = model.step(state, command).state;
  }
  return kept.length === scenario.commands.length ? scenario : { ...scenario, commands: kept };
}

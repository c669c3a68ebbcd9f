/**
 * Shortening a counterexample by search: a breadth-first exploration from the counterexample's own setup, over the
 * commands the system's default scope enumerates, of every path shorter than the counterexample. Shrinking only
 * removes commands and simplifies values, so it can stop at a local minimum that a different, shorter sequence
 * beats (KC-H2: "poll, produce, deleteRecords, poll, poll" makes the position fall out of the log in six commands,
 * "seek beyond the end, poll, produce, poll" in five); the search finds the shortest within its bound.
 *
 * Shrinking never changes a setup's policy knobs either (a reset policy, an assignor, a profile: one value is not
 * "smaller" than another), and the knob the generator drew can be the one that makes the counterexample long: KG-H1
 * needs a commit before the first poll under auto.offset.reset=latest (8 commands) and none under earliest (7).
 * So when the own setup has nothing shorter, the search goes on from its neighbours: the same setup with one knob
 * set as a setup of the default scope sets it (the cluster, its topics and committed offsets stay the
 * counterexample's). Each setup is searched breadth-first below the shortest found so far.
 *
 * The bound is a number of model steps, not time, shared by all the setups searched, so the answer is the same on
 * any machine, the corpus stays stable, and the cost is no more than before. The search checks the property on the
 * model's steps: the caller replays what it finds on the implementation under test before taking it.
 */
import type { Scenario } from '../../model/scenario.js';
import type { AnySystemModel } from '../../model/system.js';
import { isRecord } from '../../model/json.js';
import type { Property } from '../property.js';
import type { AnyExploration } from './exploration.js';
import { explore } from './explore.js';

/** Model steps the search may take: well under a second on this machine's cores (the explorer takes ~100k a second). */
export const SHORTEN_TRANSITION_LIMIT = 40_000;

/** A knob: a setup field that holds one plain value, not a structure (topics, brokers, committed offsets). */
function isKnob(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * The setups one knob away from `setup`: for each setup of the default scope and each knob it sets differently,
 * `setup` with that knob changed, in the scope's order, without repeats and only those the system's schema accepts.
 */
export function neighbourSetups(setup: unknown, scopeSetups: readonly unknown[], model: AnySystemModel): unknown[] {
  if (!isRecord(setup)) return [];
  const seen = new Set([JSON.stringify(setup)]);
  const neighbours: unknown[] = [];
  for (const other of scopeSetups) {
    if (!isRecord(other)) continue;
    for (const [key, value] of Object.entries(other)) {
      if (!isKnob(value) || !isKnob(setup[key] ?? null) || setup[key] === value) continue;
      const neighbour = { ...setup, [key]: value };
      const id = JSON.stringify(neighbour);
      if (seen.has(id) || !model.setupSchema.safeParse(neighbour).success) continue;
      seen.add(id);
      neighbours.push(neighbour);
    }
  }
  return neighbours;
}

/** A scenario shorter than `scenario` that violates the property on the model, if the bounded search finds one. */
export function shortenByExploration(
  property: Property,
  scenario: Scenario,
  model: AnySystemModel,
  exploration: AnyExploration,
  transitionLimit = SHORTEN_TRANSITION_LIMIT,
): Scenario | undefined {
  if (property.check === undefined || scenario.commands.length <= 1) return undefined;
  const scopeSetups = exploration.scopes.default.setups;
  let shortest: Scenario | undefined;
  let budget = transitionLimit;
  for (const setup of [scenario.setup, ...neighbourSetups(scenario.setup, scopeSetups, model)]) {
    const maxDepth = (shortest ?? scenario).commands.length - 1;
    if (budget <= 0 || maxDepth < 1) break;
    const scope = { ...exploration.scopes.default, setups: [setup], maxDepth };
    const result = explore({ model, exploration, scopeName: 'shorten', scope, properties: [property], transitionLimit: budget, untilFound: true, keepLastLevel: false });
    budget -= result.transitions;
    const found = result.findings[0];
    if (found !== undefined && found.length <= maxDepth) shortest = found.scenario;
  }
  return shortest;
}

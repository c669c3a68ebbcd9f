/**
 * Shortening a counterexample by search: a breadth-first exploration from the counterexample's own setup, over the
 * commands the system's default scope enumerates, of every path shorter than the counterexample. Shrinking only
 * removes commands and simplifies values, so it can stop at a local minimum that a different, shorter sequence
 * beats (KC-H2: "poll, produce, deleteRecords, poll, poll" makes the position fall out of the log in six commands,
 * "seek beyond the end, poll, produce, poll" in five); the search finds the shortest within its bound.
 *
 * The bound is a number of model steps, not time, so the answer is the same on any machine and the corpus
 * stays stable. The search checks the property on the model's steps: the caller replays what it finds on the
 * implementation under test before taking it.
 */
import type { Scenario } from '../../model/scenario.js';
import type { AnySystemModel } from '../../model/system.js';
import type { Property } from '../property.js';
import type { AnyExploration } from './exploration.js';
import { explore } from './explore.js';

/** Model steps the search may take: well under a second on this machine's cores (the explorer takes ~100k a second). */
export const SHORTEN_TRANSITION_LIMIT = 40_000;

/** A scenario shorter than `scenario` that violates the property on the model, if the bounded search finds one. */
export function shortenByExploration(
  property: Property,
  scenario: Scenario,
  model: AnySystemModel,
  exploration: AnyExploration,
  transitionLimit = SHORTEN_TRANSITION_LIMIT,
): Scenario | undefined {
  if (property.check === undefined || scenario.commands.length <= 1) return undefined;
  const scope = { ...exploration.scopes.default, setups: [scenario.setup], maxDepth: scenario.commands.length - 1 };
  const result = explore({
    model,
    exploration,
    scopeName: 'shorten',
    scope,
    properties: [property],
    transitionLimit,
    untilFound: true,
  });
  const found = result.findings[0];
  return found !== undefined && found.length < scenario.commands.length ? found.scenario : undefined;
}

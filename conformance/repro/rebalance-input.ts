/**
 * What a library's assignor was given at a finding's step: the scenario is run again through the target's own
 * session (the reference group model around the library's assignor, conformance/targets/group-with-library-assignor.ts),
 * so earlier rebalances are the library's own (a sticky assignor's ownership depends on them), and the input of the
 * rebalance at the finding's step is kept. Java's answer to that input is the reference assignor's.
 */
import { assignors, type AssignorName } from '../../model/kafka/assignors/assignors.js';
import type { Assignment } from '../../model/kafka/assignors/partition-assignor.js';
import type { Scenario } from '../../model/scenario.js';
import type { CommandOf } from '../system-types.js';
import { openGroupWithAssignor, type LibraryAssign, type RebalanceInput } from '../targets/group-with-library-assignor.js';

/** The rebalance input at `step`, or undefined when that step is not a rebalance that reached the assignor. */
export function rebalanceInputAt(scenario: Scenario, step: number, assign: LibraryAssign): RebalanceInput | undefined {
  if (scenario.commands[step]?.type !== 'rebalance') return undefined;
  let index = 0;
  let captured: RebalanceInput | undefined;
  const session = openGroupWithAssignor('kafka.group', scenario.setup, (input) => {
    if (index === step) captured = input;
    return assign(input);
  });
  for (; index <= step; index++) {
    const command = scenario.commands[index];
    if (command !== undefined) session.step(command as CommandOf<'kafka.group'>);
  }
  session.close();
  return captured;
}

/** Java's answer to a rebalance input: the reference assignor's assignment, or the exception it throws. */
export type JavaAnswer = { readonly ok: true; readonly assignment: Assignment } | { readonly ok: false; readonly error: string };

/** What Java's assignor `name` answers to the input (the member order does not matter to it: it sorts by member id). */
export function javaAnswer(name: AssignorName, input: RebalanceInput): JavaAnswer {
  try {
    return { ok: true, assignment: assignors[name].assign(input.metadata, input.subscriptions) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.name : String(error) };
  }
}

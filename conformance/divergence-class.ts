/**
 * Divergence classes: what kind of difference a divergence is, so that a check can report every distinct one instead
 * of the first (issue: "every distinct divergence"). Hypothesis tells failures apart by exception type and place;
 * a divergence's equivalent is the command, what differs (the outcome, the answered value, or an observation field)
 * and, for outcomes, which answer each side gave. Two counterexamples of one class show the same behaviour of the
 * target: after one is shrunk, the search excludes its class and goes on for a different one.
 */
import type { Outcome } from '../model/outcome.js';
import type { Command } from '../model/scenario.js';
import type { Divergence, Evaluation, Property } from '../properties/property.js';

/** An outcome as a class names it: `ok`, or the error's name. */
function answer(outcome: Outcome): string {
  return outcome.ok ? 'ok' : outcome.error;
}

/**
 * The class of a divergence: `rebalance: outcome (target NetworkError, model ok)`, `rebalance: value`,
 * `pause: observation partitions`. Only the first segment of an observation path is kept: the rest names data
 * (a partition, a member), and two partitions' positions differing is one behaviour, not two.
 */
export function divergenceClass(divergence: Divergence): string {
  const command = divergence.command.type;
  if (divergence.differs !== 'outcome') return `${command}: observation ${divergence.differs.split(/[.[]/)[0] ?? divergence.differs}`;
  const [target, model] = [answer(divergence.target.outcome), answer(divergence.model.outcome)];
  if (target === model) return `${command}: ${target === 'ok' ? 'value' : 'error'}`;
  return `${command}: outcome (target ${target}, model ${model})`;
}

/** The class of an evaluation's divergence, when it is one. */
export function evaluationClass(evaluation: Evaluation): string | undefined {
  return evaluation.status === 'violated' && evaluation.divergence !== undefined ? divergenceClass(evaluation.divergence) : undefined;
}

/** How many known-class commands one evaluation may leave out before it counts the scenario as agreeing. */
export const maxDroppedCommands = 8;

/**
 * The property that only fails on a divergence of a class not yet known. What follows a divergence is not compared
 * (the two sides no longer share a state), so a scenario whose first divergence is of a known class would hide every
 * deeper behaviour behind the common one (kafkajs refusing pause before run hid what its whole-topic pause does to
 * partitions assigned later). Instead the command that diverged is left out and the rest of the scenario is run again
 * on both sides from the start, up to `maxDroppedCommands` times; a scenario that then agrees, or still meets known
 * classes, holds. A divergence found so is a real one of the scenario without those commands, and its step is given in
 * the scenario's own numbering, so shrinking (which drops single commands: properties/minimize.ts) removes the left-out
 * commands and keeps a counterexample whose first divergence is of the new class.
 */
export function excludingClasses(property: Property, known: ReadonlySet<string>): Property {
  return {
    ...property,
    evaluate: (scenario, implementation) => {
      // kept[i] is the index in `scenario` of the i-th command still run.
      let kept = scenario.commands.map((_, i) => i);
      let evaluation = property.evaluate(scenario, implementation);
      for (let dropped = 0; ; dropped++) {
        const found = evaluationClass(evaluation);
        if (found === undefined || evaluation.status !== 'violated') return evaluation;
        if (!known.has(found)) return dropped === 0 ? evaluation : renumbered(evaluation, kept);
        if (dropped === maxDroppedCommands) return { status: 'held', labels: evaluation.labels };
        const at = evaluation.step;
        kept = kept.filter((_, i) => i !== at);
        evaluation = property.evaluate({ ...scenario, commands: kept.map((i) => scenario.commands[i] as Command) }, implementation);
      }
    },
  };
}

/** A violation of the scenario run without some commands, its steps numbered as in the whole scenario. */
function renumbered(evaluation: Extract<Evaluation, { status: 'violated' }>, kept: readonly number[]): Evaluation {
  const step = kept[evaluation.step] ?? evaluation.step;
  return {
    ...evaluation,
    step,
    ...(evaluation.divergence === undefined ? {} : { divergence: { ...evaluation.divergence, step } }),
  };
}

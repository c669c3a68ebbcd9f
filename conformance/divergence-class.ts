/**
 * Divergence classes: what kind of difference a divergence is, so that a check can report every distinct one instead
 * of the first (issue: "every distinct divergence"). Hypothesis tells failures apart by exception type and place;
 * a divergence's equivalent is the command, what differs (the outcome, the answered value, or an observation field)
 * and, for outcomes, which answer each side gave. Two counterexamples of one class show the same behaviour of the
 * target: after one is shrunk, the search excludes its class and goes on for a different one.
 */
import type { Outcome } from '../model/outcome.js';
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

/**
 * The property that only fails on a divergence of a class not yet known: a scenario whose first divergence is of a
 * known class holds (what follows a divergence is not compared, the two sides no longer share a state). Generation
 * and shrinking then find, and keep, a divergence of a new class.
 */
export function excludingClasses(property: Property, known: ReadonlySet<string>): Property {
  return {
    ...property,
    evaluate: (scenario, implementation) => {
      const evaluation = property.evaluate(scenario, implementation);
      const found = evaluationClass(evaluation);
      return found !== undefined && known.has(found) ? { status: 'held', labels: evaluation.labels } : evaluation;
    },
  };
}

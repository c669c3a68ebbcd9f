/**
 * rocketmq.filter's comparison: SubscriptionData's tagsSet and codeSet are Java HashSets, so they are compared as
 * sets — in code-point order for tags, numeric order for codes — and a different set is still a difference.
 */
import { describe, expect, it } from 'vitest';
import { rocketmqFilterComparison } from '../../../../model/rocketmq/filter/filter-comparison.js';
import type { RocketmqFilterCommand } from '../../../../model/rocketmq/filter/filter-commands.js';
import { fail, ok } from '../../../../model/outcome.js';

const build = { type: 'buildSubscriptionData', topic: 'T', expression: 'b || a' } as RocketmqFilterCommand;
const canonical = (tagsSet: unknown, codeSet: unknown) =>
  rocketmqFilterComparison.outcome?.(build, ok({ subString: 'b || a', tagsSet, codeSet }));

describe('rocketmq.filter comparison', () => {
  it('sorts tagsSet in code-point order and codeSet numerically, so two HashSet orders compare equal', () => {
    expect(canonical(['b', 'B', 'a'], [98, 10, 9])).toEqual(ok({ subString: 'b || a', tagsSet: ['B', 'a', 'b'], codeSet: [9, 10, 98] }));
    expect(canonical(['a', 'b'], [1, 2])).toEqual(canonical(['b', 'a'], [2, 1]));
  });

  it('keeps different sets different, and leaves failures, non-arrays and other commands alone', () => {
    expect(canonical(['a'], [97])).not.toEqual(canonical(['b'], [98]));
    expect(canonical(null, 'x')).toEqual(ok({ subString: 'b || a', tagsSet: null, codeSet: 'x' }));
    const failure = fail('Exception', 'subString split error');
    expect(rocketmqFilterComparison.outcome?.(build, failure)).toBe(failure);
    const hash = { type: 'hashCode', value: 'a' } as RocketmqFilterCommand;
    const answer = ok([2, 1]);
    expect(rocketmqFilterComparison.outcome?.(hash, answer)).toBe(answer);
    expect(rocketmqFilterComparison.outcome?.(build, ok('plain'))).toEqual(ok('plain'));
  });
});

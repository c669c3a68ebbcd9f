/**
 * Wrong `rocketmq.filter` implementations, one or more per invariant (`properties/rocketmq/filter/invariants.ts`),
 * each the reference system with one of its pure functions swapped for a plausible mistake.
 */
import { createRocketmqFilterModel, referenceFilterFunctions, type FilterFunctions } from '../../model/rocketmq/filter/filter-system.js';
import { SUB_ALL, type BuildSubscriptionResult } from '../../model/rocketmq/filter/subscription-data.js';
import { javaSplit, javaStringHashCode, javaTrim } from '../../model/java/java-string.js';
import type { Command } from '../../model/scenario.js';
import type { SystemModel } from '../../model/system.js';
import type { Bug } from './bug.js';

/** The reference system with some functions replaced. */
function withFunctions(replaced: Partial<FilterFunctions>): SystemModel<unknown, unknown, Command, unknown> {
  return createRocketmqFilterModel({ ...referenceFilterFunctions, ...replaced }) as unknown as SystemModel<unknown, unknown, Command, unknown>;
}

/** buildSubscriptionData over another split, trim and hash, otherwise as FilterAPI does it. */
function parseWith(
  split: (s: string) => string[],
  trim: (s: string) => string,
  hash: (s: string) => number,
): FilterFunctions['buildSubscriptionData'] {
  return (topic, subString): BuildSubscriptionResult => {
    if (subString === null || subString === SUB_ALL || subString.length === 0) return { ok: true, data: { topic, subString: SUB_ALL, tagsSet: [], codeSet: [] } };
    const parts = split(subString);
    if (parts.length === 0) return { ok: false, error: 'Exception', message: 'subString split error' };
    const tagsSet = [...new Set(parts.map(trim).filter((t) => t.length > 0))];
    return { ok: true, data: { topic, subString, tagsSet, codeSet: [...new Set(tagsSet.map(hash))] } };
  };
}

const javaSplitOnBars = (s: string): string[] => javaSplit(s, '||');

/** `31 * h + c` in floating point: right for short strings, wrong once it passes 2^31. */
const hashWithoutWrap = (s: string): number => {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = 31 * h + s.charCodeAt(i);
  return h;
};

/** The rocketmq.filter bugs, in invariant order. */
export const rocketmqFilterBugs: readonly Bug[] = [
  {
    id: 'rf-tags-not-trimmed',
    caughtBy: ['RF-01'],
    mistake: 'buildSubscriptionData keeps the spaces around each tag, so "TagA || TagB" subscribes to "TagA " and " TagB".',
    implementation: withFunctions({ buildSubscriptionData: parseWith(javaSplitOnBars, (s) => s, javaStringHashCode) }),
  },
  {
    id: 'rf-split-keeps-trailing-empty-parts',
    caughtBy: ['RF-02'],
    mistake: 'buildSubscriptionData splits with JavaScript\'s String.split, which keeps trailing empty parts, so "||" parses to no tags instead of failing.',
    implementation: withFunctions({ buildSubscriptionData: parseWith((s) => s.split('||'), javaTrim, javaStringHashCode) }),
  },
  {
    id: 'rf-broker-ignores-star',
    caughtBy: ['RF-02'],
    mistake: 'The broker filter skips the subString "*" shortcut and looks the code up in the (empty) codeSet, so a subscribe-all group receives nothing.',
    implementation: withFunctions({ brokerFilterMatches: (subscription, code) => subscription === null || code === null || subscription.codeSet.includes(code | 0) }),
  },
  {
    id: 'rf-hash-without-32-bit-wrap',
    caughtBy: ['RF-03'],
    mistake: 'String.hashCode computed as 31·h + c without 32-bit wrap-around, so tags of seven or more characters get codes Java never produces.',
    implementation: withFunctions({
      hashCode: hashWithoutWrap,
      tagsCode: (tag) => (tag == null || tag.length === 0 ? 0 : hashWithoutWrap(tag)),
      buildSubscriptionData: parseWith(javaSplitOnBars, javaTrim, hashWithoutWrap),
    }),
  },
  {
    id: 'rf-client-keeps-untagged',
    caughtBy: ['RF-04'],
    mistake: 'The client filter lets messages without a tag through whatever its tags (a null check that returns true).',
    implementation: withFunctions({ clientFilterMatches: (subscription, tag) => tag == null || referenceFilterFunctions.clientFilterMatches(subscription, tag) }),
  },
  {
    id: 'rf-client-compares-codes',
    caughtBy: ['RF-04'],
    mistake: 'The client re-filters by hash code like the broker, so a tag colliding with a subscribed one (BB for Aa) is kept.',
    implementation: withFunctions({
      clientFilterMatches: (subscription, tag) => subscription.tagsSet.length === 0 || (tag != null && subscription.tagsSet.map(javaStringHashCode).includes(javaStringHashCode(tag))),
    }),
  },
  {
    id: 'rf-broker-checks-first-code-only',
    caughtBy: ['RF-05'],
    mistake: 'The broker filter compares the tagsCode with the first code of the subscription only, dropping messages of every other subscribed tag.',
    implementation: withFunctions({
      brokerFilterMatches: (subscription, code) => subscription === null || code === null || subscription.subString === SUB_ALL || subscription.codeSet[0] === (code | 0),
    }),
  },
];

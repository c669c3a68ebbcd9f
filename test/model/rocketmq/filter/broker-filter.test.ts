import { describe, expect, it } from 'vitest';
import { test, fc } from '@fast-check/vitest';
import { brokerFilterMatches } from '../../../../model/rocketmq/filter/broker-filter.js';
import { buildSubscriptionData, type SubscriptionData } from '../../../../model/rocketmq/filter/subscription-data.js';
import { tagsCode } from '../../../../model/rocketmq/filter/tags-code.js';

const sub = (expression: string | null): SubscriptionData => {
  const r = buildSubscriptionData('T', expression);
  if (!r.ok) throw new Error(r.message);
  return r.data;
};

describe('brokerFilterMatches', () => {
  it('lets everything through for "*"', () => {
    expect(brokerFilterMatches(sub('*'), tagsCode('TagA'))).toBe(true);
    expect(brokerFilterMatches(sub(null), tagsCode(null))).toBe(true);
  });

  it('matches by tags code against the codeSet', () => {
    expect(brokerFilterMatches(sub('TagA || TagB'), tagsCode('TagB'))).toBe(true);
    expect(brokerFilterMatches(sub('TagA || TagB'), tagsCode('TagC'))).toBe(false);
    expect(brokerFilterMatches(sub('TagA'), tagsCode(null))).toBe(false);
  });

  it('lets a colliding tag through (Aa subscribed, BB sent): only the client filter stops it', () => {
    expect(brokerFilterMatches(sub('Aa'), tagsCode('BB'))).toBe(true);
  });

  it('lets an untagged message through when a subscribed tag hashes to 0', () => {
    expect(brokerFilterMatches(sub('f5a5a608'), tagsCode(null))).toBe(true);
  });

  it('matches nothing with an empty codeSet and a subString other than "*" (expression " ")', () => {
    expect(brokerFilterMatches(sub(' '), tagsCode('TagA'))).toBe(false);
    expect(brokerFilterMatches(sub(' '), tagsCode(null))).toBe(false);
  });

  it('matches a null tagsCode (unreadable consume-queue extension), no subscription, and class filter mode', () => {
    expect(brokerFilterMatches(sub('TagA'), null)).toBe(true);
    expect(brokerFilterMatches(null, tagsCode('TagZ'))).toBe(true);
    expect(brokerFilterMatches({ ...sub('TagA'), classFilterMode: true }, tagsCode('TagZ'))).toBe(true);
  });

  test.prop([fc.array(fc.stringMatching(/^[A-Za-z]{1,4}$/), { minLength: 1, maxLength: 4 }), fc.stringMatching(/^[A-Za-z]{1,4}$/)])(
    'lets through every message whose tag is subscribed (no false negatives)',
    (tags, extra) => {
      const s = sub([...tags, extra].join('||'));
      expect(brokerFilterMatches(s, tagsCode(extra))).toBe(true);
    },
  );
});

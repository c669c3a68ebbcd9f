import { describe, expect, it } from 'vitest';
import { clientFilterMatches } from '../../../../model/rocketmq/filter/client-filter.js';
import { buildSubscriptionData, type SubscriptionData } from '../../../../model/rocketmq/filter/subscription-data.js';

const sub = (expression: string | null): SubscriptionData => {
  const r = buildSubscriptionData('T', expression);
  if (!r.ok) throw new Error(r.message);
  return r.data;
};

describe('clientFilterMatches', () => {
  it('keeps everything when the tags set is empty ("*" or a blank expression)', () => {
    for (const expression of ['*', ' ']) {
      expect(clientFilterMatches(sub(expression), 'TagA')).toBe(true);
      expect(clientFilterMatches(sub(expression), null)).toBe(true);
    }
  });

  it('keeps a message iff its tag string is in the tags set', () => {
    expect(clientFilterMatches(sub('TagA || TagB'), 'TagB')).toBe(true);
    expect(clientFilterMatches(sub('TagA || TagB'), 'TagC')).toBe(false);
  });

  it('drops untagged messages and colliding tags that the broker let through', () => {
    expect(clientFilterMatches(sub('f5a5a608'), null)).toBe(false);
    expect(clientFilterMatches(sub('Aa'), 'BB')).toBe(false);
    expect(clientFilterMatches(sub('TagA'), '')).toBe(false);
  });

  it('compares whole tag strings: " TagA" sent is not "TagA" subscribed', () => {
    expect(clientFilterMatches(sub('TagA'), ' TagA')).toBe(false);
  });

  it('keeps everything in class filter mode', () => {
    expect(clientFilterMatches({ ...sub('TagA'), classFilterMode: true }, 'TagZ')).toBe(true);
  });
});

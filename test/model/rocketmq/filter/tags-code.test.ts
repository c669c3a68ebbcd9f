import { describe, expect, it } from 'vitest';
import { tagsCode } from '../../../../model/rocketmq/filter/tags-code.js';

describe('tagsCode', () => {
  it('is the Java hashCode of the tag', () => {
    expect(tagsCode('TagA')).toBe(2598919);
    expect(tagsCode('TagB')).toBe(2598920);
  });

  it('is 0 for no tag or an empty tag', () => {
    expect(tagsCode(null)).toBe(0);
    expect(tagsCode(undefined)).toBe(0);
    expect(tagsCode('')).toBe(0);
  });

  it('hashes the whole tag string, collisions included', () => {
    expect(tagsCode('A||B')).not.toBe(tagsCode('A'));
    expect(tagsCode('Aa')).toBe(tagsCode('BB'));
    expect(tagsCode('f5a5a608')).toBe(tagsCode(null)); // a real tag that looks untagged to the broker
  });
});

import { describe, expect, it } from 'vitest';
import { parseShard, shardOf } from '../../../properties/parallel/shard.js';

describe('shard', () => {
  it('deals items round-robin so the shards partition them', () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    const parts = [1, 2, 3].map((index) => shardOf(items, { index, count: 3 }));
    expect(parts).toEqual([['a', 'd'], ['b', 'e'], ['c']]);
    expect(parts.flat().sort()).toEqual(items);
    expect(shardOf(items, undefined)).toEqual(items);
  });

  it.each(['1/1', '2/4', ' 3/3 '])('parses %j', (text) => {
    expect(typeof parseShard(text)).toBe('object');
  });

  it.each(['0/2', '3/2', '1/0', '1', 'a/b', '1/2/3'])('refuses %j with a one-line reason', (text) => {
    expect(parseShard(text)).toMatch(/^--shard: expected/);
  });
});

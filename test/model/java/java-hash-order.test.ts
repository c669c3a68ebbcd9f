import { describe, expect, it } from 'vitest';
import { capacityAfterPuts, hashSetCopyCapacity, javaHashOrder, tableSizeFor } from '../../../model/java/java-hash-order.js';

// Expected values were printed by JDK 17, reading HashMap.table.length by reflection
// (`java --add-opens java.base/java.util=ALL-UNNAMED`) and printing HashSet<Integer> iteration order.
describe('tableSizeFor', () => {
  it.each([
    [1, 1],
    [12, 16],
    [16, 16],
    [17, 32],
  ])('new HashMap<>(%i) allocates a table of %i buckets', (initial, capacity) => {
    expect(tableSizeFor(initial)).toBe(capacity);
  });

  it('new HashMap<>(1) holds one entry in a table of 2 (threshold 0 passed on the first put)', () => {
    expect(capacityAfterPuts(1, tableSizeFor(1))).toBe(2);
  });
});

describe('capacityAfterPuts', () => {
  it.each([
    [12, 16],
    [13, 32],
    [24, 32],
    [25, 64],
    [48, 64],
    [49, 128],
  ])('new HashMap<>() after %i puts has %i buckets', (size, capacity) => {
    expect(capacityAfterPuts(size)).toBe(capacity);
  });

  it.each([
    [12, 32],
    [24, 32],
    [25, 64],
  ])('new HashMap<>(32) after %i puts has %i buckets', (size, capacity) => {
    expect(capacityAfterPuts(size, 32)).toBe(capacity);
  });
});

describe('hashSetCopyCapacity', () => {
  it.each([
    [1, 16],
    [11, 16],
    [12, 32],
    [13, 32],
    [24, 64],
    [25, 64],
    [100, 256],
  ])('new HashSet<>(collection of %i) has %i buckets', (size, capacity) => {
    expect(hashSetCopyCapacity(size)).toBe(capacity);
  });
});

describe('javaHashOrder', () => {
  it('iterates bucket by bucket, in insertion order within a bucket, like HashSet<Integer>', () => {
    // Integer.hashCode is the value; 33, 1, 17 and 49 share bucket 1 of 16.
    expect(javaHashOrder([33, 1, 17, 2, 16, 49], (k) => k, 16)).toEqual([16, 33, 1, 17, 49, 2]);
  });
});

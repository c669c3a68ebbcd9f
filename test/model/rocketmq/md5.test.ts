import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { test, fc } from '@fast-check/vitest';
import { md5 } from '../../../model/rocketmq/md5.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const ascii = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'latin1'));

describe('md5', () => {
  // The RFC 1321 appendix A.5 test suite.
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '57edf4a22be3c955ac49da2e2107b67a'],
  ])('digests %j to the RFC 1321 value', (input, expected) => {
    expect(hex(md5(ascii(input)))).toBe(expected);
  });

  it('handles every length around the 56/64-byte padding boundaries', () => {
    for (let n = 0; n <= 200; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff);
      expect(hex(md5(bytes))).toBe(createHash('md5').update(bytes).digest('hex'));
    }
  });

  test.prop([fc.uint8Array({ maxLength: 300 })])('equals node:crypto MD5 on arbitrary bytes', (bytes) => {
    expect(hex(md5(bytes))).toBe(createHash('md5').update(bytes).digest('hex'));
  });
});

/**
 * Java `java.lang.String` semantics the Kafka and RocketMQ models depend on (JDK 8+ behaviour, as used by
 * apache/rocketmq rocketmq-all-4.9.8): `hashCode`, `compareTo`, `trim`, `split` with a literal separator, and the
 * UTF-8 bytes of `getBytes()`.
 *
 * JavaScript strings are sequences of UTF-16 code units, exactly like Java's, so every function here works on
 * code units (`charCodeAt`), never on code points.
 */

/** Java `String.hashCode()`: `s[0]*31^(n-1) + … + s[n-1]` over UTF-16 code units, wrapped to a signed 32-bit int. */
export function javaStringHashCode(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) {
    // Math.imul keeps the multiplication in 32 bits; `| 0` wraps the addition like Java int overflow.
    h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  }
  return h;
}

/**
 * Java `String.compareTo`: the difference of the first differing UTF-16 code units, else the difference of the
 * lengths. Returns the same number Java returns, not just its sign.
 */
export function javaStringCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/**
 * Java `String.trim()`: strips leading and trailing code units `<= U+0020` (controls and space). Unlike JS
 * `String.prototype.trim` it keeps U+00A0, U+2028, U+FEFF… and removes U+0000–U+001F.
 */
export function javaTrim(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.slice(start, end);
}

/**
 * Java `String.split(regex)` (limit 0) for a regex that matches exactly the literal `separator`
 * (e.g. `"\\|\\|"` ⇒ pass `"||"`). Java 8+ rules: no match ⇒ `[s]` (even for `""`); matches are found left to
 * right without overlap; a non-empty match at index 0 yields a leading `""` (kept); a zero-width match at index 0
 * yields nothing; trailing empty strings are removed (so `"||".split` ⇒ `[]`).
 */
export function javaSplit(s: string, separator: string): string[] {
  const parts: string[] = [];
  let index = 0; // start of the part being built
  if (separator.length === 0) {
    // An empty regex matches (zero-width) at every position 0..length; the one at 0 is skipped by Java 8+.
    for (let pos = 1; pos <= s.length; pos++) {
      parts.push(s.slice(index, pos));
      index = pos;
    }
  } else {
    let found = s.indexOf(separator, 0);
    while (found >= 0) {
      parts.push(s.slice(index, found));
      index = found + separator.length;
      found = s.indexOf(separator, index);
    }
  }
  if (parts.length === 0) return [s]; // Java returns the input itself, never trimmed, when nothing matched.
  parts.push(s.slice(index));
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/**
 * Java `String.getBytes(UTF_8)`: UTF-8 encoding where a lone surrogate becomes `'?'` (0x3F), which is what the JDK
 * encoder substitutes (TextEncoder would emit U+FFFD instead, so we encode by hand).
 */
export function javaUtf8Bytes(s: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      out.push(c);
    } else if (c < 0x800) {
      out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : -1;
      if (next >= 0xdc00 && next <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
        i++;
      } else {
        out.push(0x3f);
      }
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      out.push(0x3f);
    } else {
      out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    }
  }
  return Uint8Array.from(out);
}

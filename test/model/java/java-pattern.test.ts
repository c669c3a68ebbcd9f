import { describe, expect, it } from 'vitest';
import { translateJavaPattern } from '../../../model/java/java-pattern.js';
import { compilePattern } from '../../../model/kafka/consumer/subscription-state.js';

// What Java does with each pattern was checked with JDK 17 (`Pattern.compile(p).matcher(s).matches()`, or the
// PatternSyntaxException it throws).
const POSSESSIVE = 'possessive quantifier (*+, ++, ?+, {n}+)';
const INTERSECTION = 'character class intersection (&&)';

describe('translateJavaPattern', () => {
  it.each([
    // Plain quantifiers and classes carry over unchanged.
    ['a+', 'a+'],
    ['a*?', 'a*?'],
    ['a+?b', 'a+?b'],
    ['a{1,2}?b', 'a{1,2}?b'],
    ['[a-z]', '[a-z]'],
    // A single `&` inside a class is a literal in Java.
    ['[a&b]', '[a&b]'],
    ['[a&]', '[a&]'],
    // Escapes are kept, and a quantifier after an escaped character is an ordinary one.
    ['a\\.b', 'a\\.b'],
    ['a\\.+', 'a\\.+'],
    ['a\\d+', 'a\\d+'],
    // `\-` outside a class becomes a bare hyphen (JavaScript's `u` mode rejects `\-` there); inside it stays.
    ['a\\-b', 'a-b'],
    ['[a\\-z]', '[a\\-z]'],
    // `\Q…\E` quotes: the quoted metacharacters are escaped; without `\E` the quote runs to the end.
    ['\\Qa.b\\E', 'a\\.b'],
    ['\\Qa.b', 'a\\.b'],
    ['\\Qa\\E\\Q.b\\E', 'a\\.b'],
    // Outside a class a quoted hyphen stays bare: JavaScript's `u` mode takes `\-` only inside one.
    ['x\\Q[-]\\Ey+', 'x\\[-\\]y+'],
  ])('translates %j to %j', (pattern, source) => {
    expect(translateJavaPattern(pattern)).toEqual({ source });
  });

  it.each([
    ['a++', POSSESSIVE],
    ['a*+', POSSESSIVE],
    ['a?+', POSSESSIVE],
    ['a{2}+', POSSESSIVE],
    ['[ab]++', POSSESSIVE],
    ['[a-z&&[^e]]', INTERSECTION],
  ])('names %j as using a %s, which JavaScript cannot express', (pattern, unsupported) => {
    expect(translateJavaPattern(pattern)).toEqual({ unsupported });
  });

  it('does not read an escaped `&` followed by `&` as an intersection: Java matches both "&" and "b" with [\\&&b]', () => {
    expect(translateJavaPattern('[\\&&b]')).not.toHaveProperty('unsupported');
  });

  // Java throws PatternSyntaxException for these; the model must say the same (an invalid pattern), not that they use
  // a construct it does not model.
  it.each(['+a', 'a*?+', 'a+?+', 'a??+', 'a{2}?+', 'a\\'])('%j is a syntax error, as in Java', (pattern) => {
    expect(translateJavaPattern(pattern)).not.toHaveProperty('unsupported');
    expect(compilePattern(pattern)).toBeUndefined();
  });
});

describe('compilePattern matches like Java', () => {
  it.each([
    ['\\Qa.b', 'a.b', true],
    ['\\Qa.b', 'axb', false],
    ['\\Qa\\E\\Q.b\\E', 'a.b', true],
    ['a\\.b', 'axb', false],
    ['a\\-b', 'a-b', true],
    ['[a\\-z]', '-', true],
    ['[a\\-z]', 'b', false],
    ['a\\.+', 'a...', true],
    ['[a&b]', '&', true],
    ['[a&]', '&', true],
    // A backslash before a non-letter is that character in Java (checked with JDK 17's Pattern.matches), where
    // JavaScript's `u` mode refuses most such escapes.
    ['\\@x', '@x', true],
    ['a\\&b', 'a&b', true],
    ['[\\&&b]', '&', true],
    ['[\\&&b]', 'b', true],
    ['[\\&&b]', 'c', false],
    ['\\_', '_', true],
    ['\\#\\!\\,\\ ', '#!, ', true],
    ['[\\@-\\_]', 'A', true],
    ['[\\@-\\_]', 'a', false],
  ])('%j matches %j: %s', (pattern, topic, matches) => {
    expect(compilePattern(pattern)?.test(topic)).toBe(matches);
  });
});

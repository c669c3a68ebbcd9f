import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translateJavaPattern } from '../../../model/java/java-pattern.js';
import { compilePattern } from '../../../model/kafka/consumer/subscription-state.js';

// Differential test against JDK 17: test/model/java/jdk/pattern-answers.tsv holds what java.util.regex answered for
// 9,357 patterns (every string up to three characters over six alphabets of syntax Java and JavaScript read
// differently, every escape, longer constructs; see pattern-cases.mjs and PatternAnswers.java, which regenerate it).
const [header = '', ...rows] = readFileSync(new URL('./jdk/pattern-answers.tsv', import.meta.url), 'utf8').split('\n').filter((line) => line !== '');
const subjects = header.split('\t');
const cases = rows.map((row) => {
  const tab = row.lastIndexOf('\t');
  return { pattern: row.slice(0, tab), java: row.slice(tab + 1) };
});

/** The model's answer in the fixture's terms: E (PatternSyntaxException), U (refused as unsupported) or matches. */
function modelAnswer(pattern: string): string {
  if ('unsupported' in translateJavaPattern(pattern)) return 'U';
  const regExp = compilePattern(pattern);
  return regExp === undefined ? 'E' : subjects.map((subject) => (regExp.test(subject) ? '1' : '0')).join('');
}

/** Java refuses `[&&]` (an intersection of nothing); the model names the intersection it does not carry over. */
const KNOWN_DIVERGENCES = new Set(['[&&]']);

/**
 * Every case with the model's answer. Computed inside each test, not once for the file: Stryker credits what runs at
 * collection time to no test, so a mutant of the translation must be met inside a test to be killed by it.
 */
function answers(): { pattern: string; java: string; model: string }[] {
  return cases.map(({ pattern, java }) => ({ pattern, java, model: modelAnswer(pattern) }));
}

describe('Java patterns against JDK 17 answers', () => {
  it('reads the fixture', () => {
    expect(subjects).toHaveLength(25);
    expect(cases.length).toBeGreaterThan(9000);
  });

  it('answers as Java does wherever it translates or refuses a pattern as invalid', () => {
    const wrong = answers().filter(({ pattern, java, model }) => model !== 'U' && model !== java && !KNOWN_DIVERGENCES.has(pattern));
    expect(wrong).toEqual([]);
  });

  it('names a construct it does not carry over only in a pattern Java accepts', () => {
    const refusedButInvalid = answers().filter(({ pattern, java, model }) => model === 'U' && java === 'E' && !KNOWN_DIVERGENCES.has(pattern));
    expect(refusedButInvalid).toEqual([]);
  });

  it('still diverges where it is known to: Java refuses [&&], the model names the intersection', () => {
    expect(answers().filter(({ pattern }) => KNOWN_DIVERGENCES.has(pattern))).toEqual([{ pattern: '[&&]', java: 'E', model: 'U' }]);
  });

  it('refuses only patterns using a construct it names: back references, possessive quantifiers, class unions and intersections, inline flags, atomic groups, \\X, \\N{…}, \\b{g}, Java-only \\p{…} names', () => {
    const refused = answers().filter(({ model }) => model === 'U');
    const named = new Map<string, number>();
    for (const { pattern } of refused) {
      const { unsupported } = translateJavaPattern(pattern) as { unsupported: string };
      named.set(unsupported, (named.get(unsupported) ?? 0) + 1);
    }
    expect(Object.fromEntries([...named].sort())).toEqual({
      'Unicode property (\\p{IsLatin}, \\p{InGreek}, \\p{javaLowerCase})': 3,
      'atomic group ((?>...))': 1,
      'back reference (\\1, \\k<name>)': 57,
      'character class intersection (&&)': 3,
      'character class union ([a[b]])': 1,
      'grapheme boundary (\\b{g})': 1,
      'grapheme cluster (\\X)': 3,
      'inline flags ((?i))': 3,
      'named character (\\N{...})': 1,
      'negated class escape (\\H) inside a class': 1,
      'negated class escape (\\S) inside a class': 1,
      'negated class escape (\\V) inside a class': 1,
      'possessive quantifier (*+, ++, ?+, {n}+)': 18,
    });
  });
});

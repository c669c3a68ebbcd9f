/**
 * Java `java.util.regex.Pattern` syntax that JavaScript's `RegExp` (with the `u` flag) reads differently or rejects,
 * as far as `KafkaConsumer.subscribe(Pattern)` needs it: `\Q…\E` quoting, `\-` outside a class and escaped
 * non-letters JavaScript does not take (`\@`, `\&`) are translated (their meaning carries over); possessive
 * quantifiers (`*+`, `++`, `?+`, `{n}+`) and class intersection (`&&`) have no JavaScript equivalent and are reported
 * by name, so a caller can refuse them instead of failing with a PatternSyntaxException Java would not throw.
 */

/** A translated pattern, or the Java construct that cannot be translated. */
export type JavaPatternTranslation = { readonly source: string } | { readonly unsupported: string };

const SPECIAL = /[\\^$.*+?()[\]{}|/-]/g;

/** What JavaScript's `u` mode accepts after a backslash as the character itself (its syntax characters). */
const JS_SYNTAX = '^$\\.*+?()[]{}|/';

/**
 * A Java escape `\c` in JavaScript: Java reads a backslash before any non-letter as that character itself (`\@`,
 * `\&`, `\_`), JavaScript's `u` mode only before its syntax characters (and `-` inside a class), so any other
 * non-letter, non-digit is written bare. Letters and digits keep their escape (`\d`, `\1`); an escape Java does not
 * know stays an error in both.
 */
function escaped(next: string, inClass: boolean): string {
  if (next === '-') return inClass ? '\\-' : '-';
  if (next === '' || /[A-Za-z0-9]/.test(next) || JS_SYNTAX.includes(next)) return `\\${next}`;
  return next;
}

/** The JavaScript source for a Java regex, or the name of the first construct it cannot carry over. */
export function translateJavaPattern(pattern: string): JavaPatternTranslation {
  let out = '';
  let inClass = false;
  let afterQuantifier = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (next === 'Q') {
        const end = pattern.indexOf('\\E', i + 2);
        const quoted = pattern.slice(i + 2, end < 0 ? pattern.length : end);
        out += quoted.replace(SPECIAL, '\\$&');
        i = end < 0 ? pattern.length : end + 1;
      } else {
        out += escaped(next, inClass);
        i++;
      }
      afterQuantifier = false;
      continue;
    }
    if (inClass) {
      if (c === '&' && pattern[i + 1] === '&') return { unsupported: 'character class intersection (&&)' };
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '+' && afterQuantifier) return { unsupported: 'possessive quantifier (*+, ++, ?+, {n}+)' };
    if (c === '[') inClass = true;
    afterQuantifier = c === '*' || c === '+' || c === '?' || c === '}';
    // A lazy `?` after a quantifier closes it: `a*?+` would be a syntax error in Java too, not a possessive form.
    if (c === '?' && i > 0 && '*+?}'.includes(pattern[i - 1] ?? '')) afterQuantifier = false;
    out += c;
  }
  return { source: out };
}

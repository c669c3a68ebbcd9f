/**
 * Java `java.util.regex.Pattern` syntax that JavaScript's `RegExp` (with the `u` flag) reads differently or rejects,
 * as far as `KafkaConsumer.subscribe(Pattern)` needs it: `\Q…\E` quoting and `\-` outside a class are translated
 * (their meaning carries over); possessive quantifiers (`*+`, `++`, `?+`, `{n}+`) and class intersection (`&&`)
 * have no JavaScript equivalent and are reported by name, so a caller can refuse them instead of failing with a
 * PatternSyntaxException Java would not throw.
 */

/** A translated pattern, or the Java construct that cannot be translated. */
export type JavaPatternTranslation = { readonly source: string } | { readonly unsupported: string };

const SPECIAL = /[\\^$.*+?()[\]{}|/-]/g;

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
        // `\-` is a literal hyphen in Java anywhere; JavaScript's `u` mode accepts it only inside a class.
        out += next === '-' && !inClass ? '-' : `\\${next}`;
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

/**
 * Java `java.util.regex.Pattern` syntax in JavaScript's `RegExp` (with the `u` flag), as far as
 * `KafkaConsumer.subscribe(Pattern)` needs it. JavaScript reads much of Java's syntax differently or refuses it, so a
 * pattern is translated construct by construct: `\Q…\E` quoting; escapes (`\-`, `\@`, `\a`, `\e`, `\h`, `\v`, `\R`,
 * `\A`, `\z`, `\Z`, `\0nn`, `\x{h}`, ASCII `\s`, POSIX `\p{Lower}`); a `}` or `]` that closes nothing; a `]` first in a
 * class; `.`; quantified anchors and lookarounds. Java syntax JavaScript cannot express (possessive quantifiers, class
 * union and intersection, back references, inline flags, `\X`, …) is reported by name, so a caller can refuse it
 * instead of answering a PatternSyntaxException Java would not throw. A pattern Java refuses is reported invalid: the
 * translation is checked with `new RegExp`, and the constructs JavaScript accepts where Java does not (`\0` without
 * digits, `\b` in a class, a dangling quantifier after a refused one) are caught here. Checked against JDK 17's
 * answers for 9,357 patterns in test/model/java/java-pattern-jdk.test.ts; docs/model-simplifications.md lists what
 * is left.
 */

/** A translated pattern (a valid JavaScript source), Java syntax the model does not carry over, or a syntax error. */
export type JavaPatternTranslation =
  | { readonly source: string }
  | { readonly unsupported: string }
  | { readonly invalid: string };

const SPECIAL = /[\\^$.*+?()[\]{}|/-]/g;

/** What JavaScript's `u` mode accepts after a backslash as the character itself (its syntax characters). */
const JS_SYNTAX = '^$\\.*+?()[]{}|/';

/** Java's character-class escapes, as JavaScript class contents (Java's `\s` is ASCII, JavaScript's Unicode). */
const CLASS_ESCAPES: Readonly<Record<string, string>> = {
  s: ' \\t\\n\\x0B\\f\\r',
  h: ' \\t\\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000',
  v: '\\n\\x0B\\f\\r\\x85\\u2028\\u2029',
};

/** Escapes that stand for one position or sequence, outside a class only. */
const POSITION_ESCAPES: Readonly<Record<string, string>> = {
  A: '^',
  G: '^', // the end of the previous match: the input's start for `matches()`
  z: '$',
  Z: '(?=(?:\\r\\n|[\\n\\r\\x85\\u2028\\u2029])?$)',
  R: '(?:\\r\\n|[\\n\\x0B\\f\\r\\x85\\u2028\\u2029])',
};

/**
 * A translated construct: its JavaScript text and the index of its last character in the pattern. A construct
 * JavaScript cannot express is named in `unsupported`, with a stand-in text so the rest of the pattern is still
 * checked (Java refuses a pattern with a later syntax error, whatever came before).
 */
/** Java's POSIX character classes (`\p{Lower}`…), ASCII only, where JavaScript reads the same names as Unicode's. */
const POSIX_CLASSES: Readonly<Record<string, string>> = {
  Lower: 'a-z',
  Upper: 'A-Z',
  ASCII: '\\x00-\\x7F',
  Alpha: 'a-zA-Z',
  Digit: '0-9',
  Alnum: 'a-zA-Z0-9',
  Punct: '!-\\/:-@\\[-`{-~',
  Graph: '!-~',
  Print: ' -~',
  Blank: ' \\t',
  Cntrl: '\\x00-\\x1F\\x7F',
  XDigit: '0-9a-fA-F',
  Space: ' \\t\\n\\x0B\\f\\r',
};

type Piece = { readonly text: string; readonly end: number; readonly unsupported?: string } | { readonly invalid: string };

/** A construct JavaScript cannot express, standing in as one literal character. */
const unsupportedPiece = (name: string, end: number): Piece => ({ text: 'x', end, unsupported: name });

/** `\Q…\E` from the backslash at `at`: the quoted characters, each literal (without `\E` the quote runs to the end). */
function quoted(pattern: string, at: number, inClass: boolean): Piece {
  const close = pattern.indexOf('\\E', at + 2);
  const text = pattern.slice(at + 2, close < 0 ? pattern.length : close);
  // JavaScript's `u` mode takes `\-` only inside a class; outside, a hyphen is literal as it stands.
  const literal = text.replace(SPECIAL, (c) => (c === '-' && !inClass ? c : `\\${c}`));
  return { text: literal, end: close < 0 ? pattern.length - 1 : close + 1 };
}

/** The escape whose backslash is at `at`. */
function translateEscape(pattern: string, at: number, inClass: boolean): Piece {
  const next = pattern[at + 1] ?? '';
  const end = at + 1;
  if (next === '') return { invalid: 'a trailing backslash' };
  if (next === 'Q') return quoted(pattern, at, inClass);
  if (next === 'a') return { text: '\\x07', end };
  if (next === 'e') return { text: '\\x1B', end };
  const lower = next.toLowerCase();
  const set = CLASS_ESCAPES[lower];
  if (set !== undefined) {
    if (next === lower) return { text: inClass ? set : `[${set}]`, end };
    return inClass ? unsupportedPiece(`negated class escape (\\${next}) inside a class`, end) : { text: `[^${set}]`, end };
  }
  if (next === 'p' || next === 'P') return property(pattern, at, inClass);
  if (next === 'b' && inClass) return { invalid: '\\b inside a class' };
  const braced = pattern[at + 2] === '{' ? pattern.indexOf('}', at + 3) : -1;
  if (next === 'b' && pattern.startsWith('{g}', at + 2)) return unsupportedPiece('grapheme boundary (\\b{g})', at + 4);
  if (next === 'N' && braced >= 0) return unsupportedPiece('named character (\\N{...})', braced);
  if (next === 'b' || next === 'B') return { text: `(?:\\${next})`, end }; // Java quantifies assertions
  const position = POSITION_ESCAPES[next];
  if (position !== undefined && !inClass) return { text: `(?:${position})`, end };
  if (next === 'X' && !inClass) return unsupportedPiece('grapheme cluster (\\X)', end);
  // JavaScript matches a back reference to a group that took no part as empty, Java never matches it.
  if (/[1-9]/.test(next) && !inClass) return unsupportedPiece('back reference (\\1, \\k<name>)', end);
  if (next === 'k' && !inClass) {
    const close = pattern.indexOf('>', at + 2);
    if (pattern[at + 2] === '<' && close >= 0) return unsupportedPiece('back reference (\\1, \\k<name>)', close);
  }
  if (next === '0') return octal(pattern, at);
  if (next === 'x' && pattern[at + 2] === '{') {
    if (braced < 0) return { invalid: 'an unclosed \\x{' };
    return { text: `\\u{${pattern.slice(at + 3, braced)}}`, end: braced };
  }
  if (next === '-') return { text: inClass ? '\\-' : '-', end };
  // Java reads a backslash before any other non-letter as that character (`\@`, `\&`, `\_`); JavaScript's `u` mode
  // only before its syntax characters. Other letters keep their escape: the same meaning, or an error in both.
  if (/[A-Za-z0-9]/.test(next) || JS_SYNTAX.includes(next)) return { text: `\\${next}`, end };
  return { text: next, end };
}

/**
 * `\p{Name}`, `\pL` or their negation `\P`: Java's POSIX classes become ASCII ranges; other names (Unicode
 * categories such as `L` or `Lu`) carry over when JavaScript knows them, and are refused by name when it does not.
 */
function property(pattern: string, at: number, inClass: boolean): Piece {
  const negated = pattern[at + 1] === 'P';
  const braced = pattern[at + 2] === '{';
  const close = braced ? pattern.indexOf('}', at + 3) : at + 2;
  if (close < 0 || at + 2 >= pattern.length) return { invalid: 'an unclosed \\p{' };
  const name = braced ? pattern.slice(at + 3, close) : (pattern[at + 2] ?? '');
  const posix = POSIX_CLASSES[name];
  if (posix !== undefined) {
    if (!negated) return { text: inClass ? posix : `[${posix}]`, end: close };
    return inClass ? unsupportedPiece('negated class escape (\\P{...}) inside a class', close) : { text: `[^${posix}]`, end: close };
  }
  const text = `\\${negated ? 'P' : 'p'}{${name}}`;
  try {
    new RegExp(text, 'u');
    return { text, end: close };
  } catch {
    // Scripts, blocks, binary properties and java.lang.Character methods: Java's own spellings.
    if (/^(?:Is|In|java|sc=|script=|blk=|block=|gc=|general_category=)/i.test(name)) {
      return unsupportedPiece('Unicode property (\\p{IsLatin}, \\p{InGreek}, \\p{javaLowerCase})', close);
    }
    return { invalid: `an unknown character property ${name}` };
  }
}

/** Java's octal escape `\0n`, `\0nn` or `\0mnn` (m ≤ 3); `\0` with no octal digit is an error in Java. */
function octal(pattern: string, at: number): Piece {
  const digits = /^[0-7]{1,3}/.exec(pattern.slice(at + 2))?.[0] ?? '';
  if (digits === '') return { invalid: '\\0 without an octal digit' };
  const taken = digits.length === 3 && digits[0]! > '3' ? digits.slice(0, 2) : digits;
  return { text: `\\u{${parseInt(taken, 8).toString(16)}}`, end: at + 1 + taken.length };
}

/**
 * The character class opening at `start`, up to its closing `]`. In Java a `]` right after `[` or `[^` is a member,
 * not the end; a nested class (`[a[b]]`, a union) and `&&` (an intersection) have no JavaScript equivalent.
 */
function translateClass(pattern: string, start: number): Piece {
  let out = '[';
  let i = start + 1;
  if (pattern[i] === '^') {
    out += '^';
    i++;
  }
  if (pattern[i] === ']') {
    out += '\\]';
    i++;
  }
  for (; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    if (c === '\\') {
      const escape = translateEscape(pattern, i, true);
      if ('invalid' in escape) return escape;
      if (escape.unsupported !== undefined) return unsupportedPiece(escape.unsupported, classEnd(pattern, start));
      out += escape.text;
      i = escape.end;
    } else if (c === '[' || (c === '&' && pattern[i + 1] === '&')) {
      const end = classEnd(pattern, start);
      if (end < 0) return { invalid: 'an unclosed character class' };
      return unsupportedPiece(c === '[' ? 'character class union ([a[b]])' : 'character class intersection (&&)', end);
    } else if (c === ']') return { text: `${out}]`, end: i };
    else out += c;
  }
  return { invalid: 'an unclosed character class' };
}

/** Where the class opening at `start` closes, nested classes counted, or -1 when it never does. */
function classEnd(pattern: string, start: number): number {
  let depth = 0;
  for (let i = start; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (c === '[') {
      depth++;
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++;
    } else if (c === ']' && --depth === 0) return i;
  }
  return -1;
}

/** A counted quantifier `{n}`, `{n,}` or `{n,m}`; any other `{` is a syntax error in both dialects. */
const COUNTED = /^\{\d+(?:,\d*)?\}/;

/** Java's inline flags, `(?i)` or `(?i-s:`; an empty `(?)` sets none. */
const INLINE_FLAGS = /^\(\?[idmsuxcU-]*[):]/;

/**
 * A group's opening at `at` (a `(`): its JavaScript text, its end, and the text that closes it. Lookarounds are
 * wrapped in a non-capturing group, because Java quantifies them and JavaScript's `u` mode does not.
 */
function translateGroupOpening(pattern: string, at: number): Piece & { readonly closer?: string } {
  const rest = pattern.slice(at, at + 4);
  const lookaround = /^\(\?(?:=|!|<=|<!)/.exec(rest)?.[0];
  if (lookaround !== undefined) return { text: `(?:${lookaround}`, end: at + lookaround.length - 1, closer: '))' };
  const plain = /^\((?:\?:|\?<(?=[A-Za-z])|(?!\?))/.exec(rest)?.[0];
  if (plain !== undefined) return { text: plain, end: at + plain.length - 1, closer: ')' };
  if (rest.startsWith('(?>')) return { text: '(?:', end: at + 2, closer: ')', unsupported: 'atomic group ((?>...))' };
  const flags = INLINE_FLAGS.exec(pattern.slice(at))?.[0];
  if (flags !== undefined && /^\(\?-*\)$/.test(flags)) return { text: '', end: at + flags.length - 1 }; // sets no flag
  if (flags !== undefined) {
    const scoped = flags.endsWith(':');
    return { text: scoped ? '(?:' : '', end: at + flags.length - 1, closer: scoped ? ')' : undefined, unsupported: 'inline flags ((?i))' };
  }
  return { text: '(?', end: at + 1, closer: ')' }; // a `(?` Java does not know: an error in both
}

/**
 * The JavaScript source for a Java regex; or the first Java construct it cannot carry over, when the rest of the
 * pattern is valid (Java would accept it); or why Java refuses the pattern.
 */
export function translateJavaPattern(pattern: string): JavaPatternTranslation {
  let out = '';
  let unsupported: string | undefined;
  const closers: string[] = [];
  // What a quantifier would apply to: nothing (start, `(`, `|`), an atom, a quantified atom (where `?` makes it lazy
  // and `+` possessive), or a finished quantifier or flag group.
  let before: 'nothing' | 'atom' | 'quantified' | 'finished' = 'nothing';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] ?? '';
    const quantifier = c === '{' ? COUNTED.exec(pattern.slice(i))?.[0] : '*+?'.includes(c) ? c : undefined;
    if (quantifier !== undefined) {
      if (before === 'quantified' && quantifier === '+') unsupported ??= 'possessive quantifier (*+, ++, ?+, {n}+)';
      else if (before === 'quantified' && quantifier === '?') out += '?';
      else if (before === 'atom') out += quantifier;
      // Java applies a counted quantifier at the start of a sequence to nothing; `*`, `+`, `?` there dangle.
      else if (before === 'nothing' && c === '{') out += `(?:)${quantifier}`;
      else return { invalid: `a dangling ${quantifier}` };
      before = before === 'atom' || (before === 'nothing' && c === '{') ? 'quantified' : 'finished';
      i += quantifier.length - 1;
      continue;
    }
    let piece: Piece & { readonly closer?: string };
    if (c === '\\') piece = translateEscape(pattern, i, false);
    else if (c === '[') piece = translateClass(pattern, i);
    else if (c === '(') piece = translateGroupOpening(pattern, i);
    else if (c === ')') piece = { text: closers.pop() ?? ')', end: i };
    // Java reads a `}` or `]` that closes nothing as the character itself; JavaScript's `u` mode refuses it bare.
    else if (c === '}' || c === ']') piece = { text: `\\${c}`, end: i };
    else if (c === '^' || c === '$') piece = { text: `(?:${c})`, end: i }; // Java quantifies anchors
    // Java's `.` stops at every line terminator, NEL (U+0085) too; JavaScript's does not stop at NEL.
    else if (c === '.') piece = { text: '[^\\n\\r\\x85\\u2028\\u2029]', end: i };
    else piece = { text: c, end: i };
    if ('invalid' in piece) return piece;
    if (piece.unsupported !== undefined) unsupported ??= piece.unsupported;
    if (piece.closer !== undefined) closers.push(piece.closer);
    out += piece.text;
    i = piece.end;
    if (c === '(') before = piece.text === '' ? 'finished' : 'nothing';
    else if (c === '|') before = 'nothing';
    else if (piece.text !== '') before = 'atom'; // an empty `\Q\E` quotes nothing to quantify
  }
  try {
    new RegExp(out, 'u');
  } catch (error) {
    return { invalid: (error as Error).message };
  }
  return unsupported === undefined ? { source: out } : { unsupported };
}

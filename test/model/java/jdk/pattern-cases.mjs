// The patterns test/model/java/java-pattern-jdk.test.ts compares with JDK answers (see PatternAnswers.java): every
// string up to three characters over alphabets of the regex syntax Java and JavaScript read differently, every
// single escape in and out of a class, and longer constructs. Subjects first, tab-separated.
const subjects = ['', 'a', 'aa', 'aaa', 'ab', 'b', '}', 'a}', ']', 'a]', '?', '2', '&', 'a2', '{', ',', 'a{2}', '\\', '+', '*', '-', '\u0007', ' ', '\u000B', '\u0085'];
const alphabets = ['a?*+{}2,()[]\\&', 'a^$.|-\\QE0x{}', 'a(?<=!:)|b\\', 'a(?)*^$\\b{1}', 'ai(?:-)[]&^\\', 'a[]^-\\Qs&'];
const longer = [
  'a{2}', 'a{2,}', 'a{2,3}', 'a{3,2}', '{2}a', 'a{,2}', 'x{2,3', 'a?+?', 'a{2}*+', '[a-z&&[^e]]', '[a[b]]', '[&&]', '[a&&]', '[]a]', '[^]a]',
  '(?i)a', '(?i:a)', '(?-i)a', '(?>a)', '(?<n>a)\\k<n>', '(?<n>a)b', '(a)\\1', '\\0101', '\\0400', '\\x{61}', '\\x61',
  '\\u0061', '\\Qa.b', '\\Qa\\E\\Q.b\\E', 'x\\Q[-]\\Ey+', '[\\Q]\\E]', '\\N{LATIN SMALL LETTER A}', '\\b{g}a', '\\p{Lower}',
  '\\p{L}', '\\pL', '\\p{Lu}', '\\PL', '\\p{Alpha}', '\\P{Digit}', '[\\p{Upper}a]', '[^\\p{Punct}]', '\\p{Punct}',
  '\\p{Space}', '\\p{IsLatin}', '\\p{InGreek}', '\\p{javaLowerCase}', '\\p{Nope}', '\\p{', '\\p', '.', 'a.b', '[.]', '\\h', '\\H', '\\v', '\\V', '\\s', '\\S', '[\\s]', '\\R', '\\Aa\\z', 'a\\Z', '\\Ga', '(?=a)?a', 'a|(?!b)*',
];
const cases = new Set();
for (const alphabet of alphabets) {
  let layer = [''];
  for (let length = 1; length <= 3; length++) {
    layer = layer.flatMap((prefix) => [...alphabet].map((c) => prefix + c));
    for (const pattern of layer) cases.add(pattern);
  }
}
for (let code = 0x20; code < 0x7f; code++) {
  const c = String.fromCharCode(code);
  for (const pattern of [`\\${c}`, `[\\${c}]`, `a\\${c}b`, `(a)\\${c}`]) cases.add(pattern);
}
for (const pattern of longer) cases.add(pattern);
process.stdout.write([subjects.join('\t'), ...cases].join('\n') + '\n');

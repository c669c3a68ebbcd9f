/**
 * Splitting `--exec "CMD ARGS"` into a program and its arguments the way a POSIX shell would for plain words and
 * quotes (`'…'` literal, `"…"` with `\"` and `\\`, a backslash escaping one character outside quotes), without
 * running a shell: the program is started directly, so a missing program is reported as such.
 */

/** The words of a command line; throws on an unterminated quote or an empty line. */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) word += line[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote !== undefined) throw new Error(`unterminated ${quote} quote`);
  if (inWord) words.push(word);
  if (words.length === 0) throw new Error('empty command');
  return words;
}

/**
 * JSON with a deterministic key order, for files that are hashed, committed and diffed: `canonicalJson` (compact,
 * every key in code-point order) names content, `formatJson` writes it for people (chosen keys first, lines wrapped
 * only where a value does not fit), so the same value always gives the same bytes whatever order it was built in.
 */
import { isRecord } from '../../model/json.js';

/** Code-point order, so the result does not depend on the locale. */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The keys of an object that JSON keeps (undefined values are dropped), `leading` ones first, the rest sorted. */
function orderedKeys(object: Record<string, unknown>, leading: readonly string[]): string[] {
  const keys = Object.keys(object).filter((key) => object[key] !== undefined);
  const first = leading.filter((key) => keys.includes(key));
  return [...first, ...keys.filter((key) => !leading.includes(key)).sort(byCodePoint)];
}

/** A primitive as JSON (`null` for the values JSON cannot hold, as JSON.stringify writes them in arrays). */
function primitive(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** Compact JSON with keys ordered as `orderedKeys` says. */
function compact(value: unknown, leading: readonly string[]): string {
  if (Array.isArray(value)) return `[${value.map((item) => compact(item, leading)).join(',')}]`;
  if (isRecord(value)) {
    return `{${orderedKeys(value, leading)
      .map((key) => `${JSON.stringify(key)}:${compact(value[key], leading)}`)
      .join(',')}}`;
  }
  return primitive(value);
}

/** Compact JSON with every object's keys in code-point order: equal values give equal text (for content hashes). */
export function canonicalJson(value: unknown): string {
  return compact(value, []);
}

/** How `formatJson` lays a value out. */
export interface FormatJsonOptions {
  /** Keys written first, in this order, in every object; the others follow in code-point order. */
  readonly leading?: readonly string[];
  /** A value that fits on one line within this many columns (indentation and key included) stays on one line. */
  readonly width?: number;
}

/**
 * Pretty JSON with a fixed key order: an object or array is written on one line when it fits in `width` columns,
 * else one member per line indented by two spaces. No trailing newline.
 */
export function formatJson(value: unknown, options: FormatJsonOptions = {}): string {
  const leading = options.leading ?? [];
  const width = options.width ?? 100;
  const render = (item: unknown, indent: string, prefix: number): string => {
    const oneLine = compact(item, leading);
    if (!(Array.isArray(item) || isRecord(item)) || indent.length + prefix + oneLine.length <= width) return oneLine;
    const inner = `${indent}  `;
    if (Array.isArray(item)) {
      if (item.length === 0) return '[]';
      return `[\n${item.map((element) => inner + render(element, inner, 0)).join(',\n')}\n${indent}]`;
    }
    const keys = orderedKeys(item, leading);
    if (keys.length === 0) return '{}';
    const members = keys.map((key) => {
      const name = `${JSON.stringify(key)}: `;
      return inner + name + render(item[key], inner, name.length);
    });
    return `{\n${members.join(',\n')}\n${indent}}`;
  };
  return render(value, '', 0);
}

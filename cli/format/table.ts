/** Plain-text tables for terminal output: columns padded to their widest cell, colour applied after padding. */

/** A column's header and alignment (numbers read best right-aligned). */
export interface Column {
  readonly header: string;
  readonly align?: 'left' | 'right';
}

/** Styles one padded cell; `row` is -1 for the header. */
export type CellStyle = (padded: string, row: number, column: number) => string;

/** Pads `text` to `width` on the side its alignment asks for. */
function pad(text: string, width: number, align: Column['align']): string {
  return align === 'right' ? text.padStart(width) : text.padEnd(width);
}

/**
 * The table as lines (header, a rule, the rows), each ending in a newline. Widths are measured before styling, so
 * colour codes never disturb the alignment; the last column is not padded, so lines carry no trailing blanks.
 */
export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[], style?: CellStyle): string {
  // A loop rather than Math.max(...cells): spreading 100,000 rows into one call overflows the stack.
  const widths = columns.map((column, index) => rows.reduce((width, row) => Math.max(width, (row[index] ?? '').length), column.header.length));
  const line = (cells: readonly string[], row: number): string =>
    columns
      .map((column, index) => {
        const last = index === columns.length - 1;
        const text = cells[index] ?? '';
        const padded = last && column.align !== 'right' ? text : pad(text, widths[index] ?? 0, column.align);
        return style === undefined ? padded : style(padded, row, index);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(columns.map((c) => c.header), -1), rule, ...rows.map((cells, row) => line(cells, row))].join('\n') + '\n';
}

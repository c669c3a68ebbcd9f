/**
 * A partition's offset lines as inline SVG: one polyline per series with a gap where the value is missing (no
 * position yet, nothing committed), a dot at every known value, and the violating step's column shaded. Lines that
 * coincide stay distinguishable by dash pattern and width, not only by colour.
 */
import type { OffsetChart, OffsetRole } from '../diagrams/offset-chart.js';
import { seriesColours } from '../diagrams/palette.js';
import { escapeHtml } from './escape.js';

const height = 260;
/** Horizontal room per point, and the bounds of the chart's width, so few steps do not stretch and many fit. */
const perPoint = 62;
const minWidth = 380;
const maxWidth = 700;
const margin = { left: 44, right: 18, top: 40, bottom: 44 } as const;

/** Dash pattern and width per role, so overlapping lines stay visible. */
export function strokeOf(role: OffsetRole): { readonly dash: string; readonly width: number } {
  switch (role) {
    case 'position':
      return { dash: '', width: 3 };
    case 'committed':
      return { dash: '7 4', width: 2.5 };
    case 'highWatermark':
      return { dash: '2 3', width: 2 };
    case 'logStart':
      return { dash: '8 3 2 3', width: 2 };
  }
}

/** The distance between gridlines: every integer up to 10, else a round step (1, 2 or 5 × 10^k) giving about 5 lines. */
function tickStep(max: number): number {
  if (max <= 10) return 1;
  const raw = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((multiple) => multiple * magnitude >= raw) ?? 10) * magnitude;
}

/** Gridline values from 0 to max. */
function ticks(max: number): number[] {
  const step = tickStep(max);
  const values: number[] = [];
  for (let value = 0; value <= max; value += step) values.push(value);
  return values;
}

/** A number with at most one decimal, for coordinates. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** The values worth printing: each series' first known value and every change, one label per spot. */
function valueLabels(chart: OffsetChart): Map<string, { point: number; value: number }> {
  const labels = new Map<string, { point: number; value: number }>();
  for (const series of chart.series) {
    series.values.forEach((value, point) => {
      if (value === null || value === (point === 0 ? null : series.values[point - 1])) return;
      labels.set(`${point}:${value}`, { point, value });
    });
  }
  return labels;
}

/**
 * The SVG of one chart; `violating` is the index of the violating step. Each point sits in the middle of its own
 * column, so the violating step's shaded column never leaves the plot.
 */
export function svgOffsets(chart: OffsetChart, violating: number): string {
  const points = chart.series[0]?.values.length ?? 1;
  const width = Math.min(maxWidth, Math.max(minWidth, margin.left + margin.right + points * perPoint));
  const max = Math.max(1, ...chart.series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const column = plotWidth / points;
  const x = (point: number): number => margin.left + (point + 0.5) * column;
  const y = (value: number): number => margin.top + plotHeight - (value * plotHeight) / max;
  const colours = seriesColours(chart.series);
  const parts: string[] = [];
  const title = `Offsets of ${chart.partition} after each step`;
  // Scaled with the page, but never so far that its text turns tiny (it scrolls instead) or huge.
  const size = `min-width:${Math.round(width * 0.8)}px;max-width:${Math.round(width * 1.25)}px`;
  parts.push(`<svg class="chart offsets" style="${size}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}" xmlns="http://www.w3.org/2000/svg">`);
  parts.push(`<title>${escapeHtml(title)}</title>`);
  const vx = x(violating + 1);
  parts.push(`<rect class="violating" x="${n(vx - column / 2)}" y="4" width="${n(column)}" height="${n(margin.top + plotHeight - 4)}" rx="3"/>`);
  parts.push(`<text class="violating-label" x="${n(vx)}" y="17" text-anchor="middle">✗ ${violating}</text>`);
  for (const value of ticks(max)) {
    parts.push(`<line class="grid" x1="${margin.left}" x2="${width - margin.right}" y1="${n(y(value))}" y2="${n(y(value))}"/>`);
    parts.push(`<text class="tick" x="${margin.left - 8}" y="${n(y(value) + 4)}" text-anchor="end">${value}</text>`);
  }
  for (let point = 0; point < points; point++) {
    const label = point === 0 ? 'start' : String(point - 1);
    parts.push(`<text class="tick" x="${n(x(point))}" y="${height - margin.bottom + 18}" text-anchor="middle">${label}</text>`);
  }
  parts.push(`<text class="axis" x="${n(margin.left + plotWidth / 2)}" y="${height - 6}" text-anchor="middle">after step</text>`);
  chart.series.forEach((series, index) => {
    const colour = colours[index] ?? '#000';
    const stroke = strokeOf(series.role);
    const dash = stroke.dash === '' ? '' : ` stroke-dasharray="${stroke.dash}"`;
    let segment: string[] = [];
    const flush = (): void => {
      if (segment.length > 1) parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="${stroke.width}"${dash} stroke-linejoin="round" points="${segment.join(' ')}"/>`);
      segment = [];
    };
    series.values.forEach((value, point) => {
      if (value === null) return flush();
      segment.push(`${n(x(point))},${n(y(value))}`);
    });
    flush();
    series.values.forEach((value, point) => {
      if (value === null) return;
      // A value with no neighbour draws no line, so its dot is larger and outlined to stand out.
      const alone = (series.values[point - 1] ?? null) === null && (series.values[point + 1] ?? null) === null;
      const radius = alone ? stroke.width + 2.5 : stroke.width + 0.5;
      const outline = alone ? ' stroke="#fff" stroke-width="1.5"' : '';
      parts.push(`<circle cx="${n(x(point))}" cy="${n(y(value))}" r="${radius}" fill="${colour}"${outline}><title>${escapeHtml(`${series.name}: ${value}`)}</title></circle>`);
    });
  });
  for (const { point, value } of valueLabels(chart).values()) {
    parts.push(`<text class="value" x="${n(x(point) + 7)}" y="${n(y(value) - 7)}">${value}</text>`);
  }
  parts.push('</svg>');
  return parts.join('');
}

/**
 * A lane chart as inline SVG: a label column, then one column per step ("after step i"), a title band per lane,
 * bars for states, diamonds for message fates, and the violating step's column shaded. Text is sized from an
 * estimate of the glyph width (no script measures it), and a label that does not fit its bar goes beside it.
 */
import type { LaneChart } from '../diagrams/lane-chart.js';
import { toneColours } from '../diagrams/palette.js';
import { escapeHtml } from './escape.js';

const labelWidth = 190;
const minColumn = 44;
const plotTarget = 560;
const rowHeight = 24;
const titleHeight = 22;
const headerHeight = 30;
/** Average glyph width of the 11px sans-serif text, for fitting labels. */
const glyph = 6.1;

function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Text cut to fit `room` pixels. */
function fit(text: string, room: number): string {
  const max = Math.floor(room / glyph);
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}

/** The SVG of a lane chart; `violating` is the index of the violating step. */
export function svgLanes(chart: LaneChart, violating: number): string {
  const columns = Math.max(1, chart.steps);
  const column = Math.max(minColumn, plotTarget / columns);
  const plotWidth = column * columns;
  const width = labelWidth + plotWidth + 8;
  const rows = chart.lanes.reduce((sum, lane) => sum + lane.rows.length, 0);
  const height = headerHeight + chart.lanes.length * titleHeight + rows * rowHeight + 8;
  const x = (tick: number): number => labelWidth + tick * column;
  const parts: string[] = [];
  parts.push(`<svg class="chart lanes" viewBox="0 0 ${n(width)} ${height}" role="img" aria-label="Lanes of the scenario over its steps" xmlns="http://www.w3.org/2000/svg">`);
  parts.push('<title>Clients, group table, queues and messages over the steps</title>');
  parts.push(`<rect class="violating" x="${n(x(violating))}" y="4" width="${n(column)}" height="${height - 8}" rx="3"/>`);
  parts.push(`<text class="axis" x="${labelWidth - 8}" y="${headerHeight - 12}" text-anchor="end">after step</text>`);
  for (let step = 0; step < columns; step++) {
    const label = step === violating ? `✗ ${step}` : String(step);
    parts.push(`<text class="${step === violating ? 'violating-label' : 'tick'}" x="${n(x(step) + column / 2)}" y="${headerHeight - 12}" text-anchor="middle">${label}</text>`);
  }
  for (let tick = 0; tick <= columns; tick++) parts.push(`<line class="grid" x1="${n(x(tick))}" x2="${n(x(tick))}" y1="${headerHeight - 4}" y2="${height - 4}"/>`);
  let top = headerHeight;
  for (const lane of chart.lanes) {
    parts.push(`<rect class="lane-title" x="0" y="${top}" width="${n(width)}" height="${titleHeight}"/>`);
    parts.push(`<text class="lane-title-text" x="6" y="${top + 15}">${escapeHtml(fit(lane.title, width - 12))}</text>`);
    top += titleHeight;
    for (const row of lane.rows) {
      const middle = top + rowHeight / 2;
      parts.push(`<text class="row-label" x="10" y="${middle + 4}"><title>${escapeHtml(row.label)}</title>${escapeHtml(fit(row.label, labelWidth - 16))}</text>`);
      for (const bar of row.bars) {
        const colours = toneColours(bar.tone);
        const left = x(bar.from) + 2;
        const barWidth = Math.max(6, x(bar.to) - x(bar.from) - 4);
        parts.push(`<rect class="bar" x="${n(left)}" y="${top + 4}" width="${n(barWidth)}" height="${rowHeight - 8}" rx="4" fill="${colours.fill}"><title>${escapeHtml(`${row.label}: ${bar.label}`)}</title></rect>`);
        const label = bar.label === 'held' ? '' : bar.label;
        if (label === '') continue;
        const inside = label.length * glyph <= barWidth - 8;
        const after = width - (left + barWidth) - 10;
        if (inside) parts.push(`<text class="bar-label" x="${n(left + 5)}" y="${middle + 4}" fill="${colours.text}">${escapeHtml(label)}</text>`);
        else if (after >= label.length * glyph || after >= left - labelWidth) parts.push(`<text class="bar-label" x="${n(left + barWidth + 5)}" y="${middle + 4}" fill="${colours.text}">${escapeHtml(fit(label, after))}</text>`);
        else parts.push(`<text class="bar-label" x="${n(left - 5)}" y="${middle + 4}" text-anchor="end" fill="${colours.text}">${escapeHtml(fit(label, left - labelWidth - 8))}</text>`);
      }
      if (row.marker !== undefined) {
        const cx = x(row.marker.at);
        const colours = toneColours(row.marker.tone);
        parts.push(`<path class="marker" d="M${n(cx)} ${top + 3} l7 9 l-7 9 l-7 -9 z" fill="${colours.fill}"><title>${escapeHtml(row.marker.label)}</title></path>`);
      }
      top += rowHeight;
    }
  }
  parts.push('</svg>');
  return parts.join('');
}

/**
 * The picture of a scenario whose system has no state worth drawing over time (a pure function's calls): a strip of
 * step boxes — index, command type, outcome — with the violating one outlined in red.
 */
import type { NarratedStep } from '../edge-case-report.js';
import { escapeHtml } from './escape.js';

const boxWidth = 220;
const boxHeight = 80;
const gap = 14;
const glyph = 6.1;

function fit(text: string, room: number): string {
  const max = Math.floor(room / glyph);
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}

/** Text in at most two lines of `room` pixels, cut at word boundaries (the second line cut with … if need be). */
function twoLines(text: string, room: number): [string, string] {
  const max = Math.floor(room / glyph);
  if (text.length <= max) return [text, ''];
  const cut = text.lastIndexOf(' ', max);
  const split = cut > max / 2 ? cut : max;
  return [text.slice(0, split), fit(text.slice(split).trim(), room)];
}

/** The command type of a step's JSON, after the actor when the command names one (`c1 · allocate`). */
function typeOf(command: unknown): string {
  if (typeof command !== 'object' || command === null) return '?';
  const fields = command as Readonly<Record<string, unknown>>;
  const type = typeof fields['type'] === 'string' ? fields['type'] : '?';
  const actor = [fields['client'], fields['consumer'], fields['currentCID']].find((value) => typeof value === 'string');
  return typeof actor === 'string' ? `${actor} · ${type}` : type;
}

/** The SVG strip of the steps. */
export function svgSteps(steps: readonly NarratedStep[]): string {
  const width = Math.max(1, steps.length) * (boxWidth + gap) + gap;
  const height = boxHeight + 2 * gap;
  // Never scaled up far: a strip of one or two calls would otherwise fill the column with giant text.
  const parts = [`<svg class="chart steps" style="max-width:${Math.round(width * 1.3)}px" viewBox="0 0 ${width} ${height}" role="img" aria-label="The steps of the scenario" xmlns="http://www.w3.org/2000/svg">`, '<title>The steps of the scenario</title>'];
  steps.forEach((step, index) => {
    const left = gap + index * (boxWidth + gap);
    parts.push(`<rect class="step-box${step.violates ? ' violates' : ''}" x="${left}" y="${gap}" width="${boxWidth}" height="${boxHeight}" rx="8"><title>${escapeHtml(step.text)}</title></rect>`);
    parts.push(`<text class="step-index" x="${left + 10}" y="${gap + 20}">${step.violates ? '✗ ' : ''}step ${step.index}</text>`);
    parts.push(`<text class="step-type" x="${left + 10}" y="${gap + 38}">${escapeHtml(fit(typeOf(step.command), boxWidth - 20))}</text>`);
    const [first, second] = twoLines(step.outcome, boxWidth - 20);
    parts.push(`<text class="step-outcome" x="${left + 10}" y="${gap + 55}">${escapeHtml(first)}</text>`);
    if (second !== '') parts.push(`<text class="step-outcome" x="${left + 10}" y="${gap + 69}">${escapeHtml(second)}</text>`);
    if (index > 0) parts.push(`<path class="arrow" d="M${left - gap + 2} ${gap + boxHeight / 2} h${gap - 6} l-4 -4 m4 4 l-4 4"/>`);
  });
  parts.push('</svg>');
  return parts.join('');
}

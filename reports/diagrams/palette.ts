/**
 * The report's colours, shared by the Mermaid and SVG renderers so that a line or a bar means the same in both:
 * positions in blues and violets (one per consumer), committed offsets red, the high watermark grey, the log start
 * amber; lanes by what a bar shows.
 */
import type { LaneTone } from './lane-chart.js';
import type { OffsetSeries } from './offset-chart.js';

const positionColours = ['#2563eb', '#7c3aed', '#0891b2', '#4f46e5'] as const;

/** The colour of each series of a chart, in order (the n-th position line takes the n-th position colour). */
export function seriesColours(series: readonly OffsetSeries[]): string[] {
  let positions = 0;
  return series.map((line) => {
    switch (line.role) {
      case 'position':
        return positionColours[positions++ % positionColours.length] ?? '#2563eb';
      case 'committed':
        return '#dc2626';
      case 'highWatermark':
        return '#6b7280';
      case 'logStart':
        return '#d97706';
    }
  });
}

/** Plain-word names of the colours above, for captions a reader of the Mermaid chart (which has no legend) needs. */
export function colourName(colour: string): string {
  const names: Readonly<Record<string, string>> = {
    '#2563eb': 'blue',
    '#7c3aed': 'violet',
    '#0891b2': 'teal',
    '#4f46e5': 'indigo',
    '#dc2626': 'red',
    '#6b7280': 'grey',
    '#d97706': 'amber',
  };
  return names[colour] ?? colour;
}

/** Fill and text colour of a lane bar by tone. */
export function toneColours(tone: LaneTone): { readonly fill: string; readonly text: string } {
  switch (tone) {
    case 'subscription':
      return { fill: '#dbeafe', text: '#1e3a8a' };
    case 'held':
    case 'owner':
      return { fill: '#bfdbfe', text: '#1e3a8a' };
    case 'group':
      return { fill: '#ede9fe', text: '#4c1d95' };
    case 'members':
      return { fill: '#f3f4f6', text: '#374151' };
    case 'contested':
    case 'skipped':
      return { fill: '#fecaca', text: '#7f1d1d' };
    case 'orphaned':
      return { fill: '#fde68a', text: '#78350f' };
    case 'pending':
      return { fill: '#e5e7eb', text: '#374151' };
    case 'delivered':
      return { fill: '#bbf7d0', text: '#14532d' };
  }
}

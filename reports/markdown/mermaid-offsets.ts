/**
 * A partition's offset lines as a Mermaid `xychart-beta` block (GitHub renders it). Mermaid's line charts have no
 * gaps and, in the versions GitHub runs, no legend: a missing value is drawn at −1 (as Kafka's OffsetFetch answers
 * −1 for "no offset"), and the caption names each line by colour, set through the chart's palette.
 */
import type { OffsetChart } from '../diagrams/offset-chart.js';
import { colourName, seriesColours } from '../diagrams/palette.js';

/** The x-axis categories: `start`, then the index of the step each point follows. */
function categories(points: number): string {
  return ['start', ...Array.from({ length: points - 1 }, (_, i) => `"${i}"`)].join(', ');
}

/** The caption naming each line by colour. */
export function offsetCaption(chart: OffsetChart): string {
  const colours = seriesColours(chart.series);
  const lines = chart.series.map((series, index) => `${series.name} (${colourName(colours[index] ?? '')})`);
  return `Offsets of ${chart.partition} after each step: ${lines.join(', ')}; −1 means none.`;
}

/** The fenced Mermaid block of one chart. */
export function mermaidOffsets(chart: OffsetChart): string {
  const points = chart.series[0]?.values.length ?? 1;
  const max = Math.max(1, ...chart.series.flatMap((series) => series.values.map((value) => value ?? 0)));
  const palette = seriesColours(chart.series).join(', ');
  const lines = [
    '```mermaid',
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${palette}"}}}}%%`,
    'xychart-beta',
    `  title "${chart.partition}"`,
    `  x-axis "after step" [${categories(points)}]`,
    `  y-axis "offset" -1 --> ${max}`,
    ...chart.series.map((series) => `  line [${series.values.map((value) => value ?? -1).join(', ')}]`),
    '```',
  ];
  return lines.join('\n');
}

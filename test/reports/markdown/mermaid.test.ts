import { describe, expect, it } from 'vitest';
import { mermaidLanes } from '../../../reports/markdown/mermaid-lanes.js';
import { mermaidOffsets, offsetCaption } from '../../../reports/markdown/mermaid-offsets.js';

describe('Mermaid blocks', () => {
  it('draw offsets as an xychart with −1 for none and a caption naming each line by colour', () => {
    const chart = {
      partition: 'zz-0',
      series: [
        { name: 'position', role: 'position' as const, values: [null, 0, 2] },
        { name: 'committed', role: 'committed' as const, values: [null, null, 1] },
      ],
    };
    expect(mermaidOffsets(chart)).toBe(
      [
        '```mermaid',
        '%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "#2563eb, #dc2626"}}}}%%',
        'xychart-beta',
        '  title "zz-0"',
        '  x-axis "after step" [start, "0", "1"]',
        '  y-axis "offset" -1 --> 2',
        '  line [-1, 0, 2]',
        '  line [-1, -1, 1]',
        '```',
      ].join('\n'),
    );
    expect(offsetCaption(chart)).toBe('Offsets of zz-0 after each step: position (blue), committed (red); −1 means none.');
  });

  it('draw lanes as a gantt chart in steps, with task names free of the characters Mermaid reads as syntax', () => {
    const text = mermaidLanes(
      {
        steps: 2,
        lanes: [{ title: 'c1: client', rows: [{ label: 'subscribes T1', bars: [{ from: 0, to: 2, label: '"a:b#c;d"', tone: 'subscription' }] }] }],
      },
      1,
      'RG-H2',
    );
    expect(text.split('\n')).toEqual([
      '```mermaid',
      'gantt',
      '  dateFormat x',
      '  axisFormat %-L',
      '  tickInterval 1millisecond',
      '  section c1 client',
      '  subscribes T1 → "a b c d" :t1, 0, 2',
      '  section violation',
      '  step 1 violates RG-H2 :crit, milestone, v, 1, 1',
      '```',
    ]);
  });
});

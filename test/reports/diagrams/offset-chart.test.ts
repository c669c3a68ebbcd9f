import { describe, expect, it } from 'vitest';
import { kafkaConsumer } from '../../../model/kafka/consumer/kafka-consumer.js';
import { runTrace } from '../../../model/trace.js';
import { offsetCharts } from '../../../reports/diagrams/offset-chart.js';

describe('offsetCharts', () => {
  it('draws position, the group\'s committed offset and the high watermark of each partition that moves, before and after each step', () => {
    const setup = kafkaConsumer.setupSchema.parse({ profile: 'kafka-1.0', topics: { t0: 1 }, autoOffsetReset: 'latest' });
    const trace = runTrace(kafkaConsumer, setup, [
      { type: 'assign', partitions: [{ topic: 't0', partition: 0 }] },
      { type: 'commitSync', offsets: [{ topic: 't0', partition: 0, offset: 1 }] },
      { type: 'seek', partition: { topic: 't0', partition: 0 }, offset: 0 },
    ]);
    expect(offsetCharts(trace)).toEqual([
      {
        partition: 't0-0',
        series: [
          { name: 'position', role: 'position', values: [null, null, null, 0] },
          { name: 'committed', role: 'committed', values: [null, null, 1, 1] },
          { name: 'high watermark', role: 'highWatermark', values: [0, 0, 0, 0] },
        ],
      },
    ]);
  });

  it('adds the log start once records are deleted', () => {
    const setup = kafkaConsumer.setupSchema.parse({ topics: { t2: 1 }, autoOffsetReset: 'earliest' });
    const trace = runTrace(kafkaConsumer, setup, [
      { type: 'assign', partitions: [{ topic: 't2', partition: 0 }] },
      { type: 'produce', topic: 't2', partition: 0, count: 2 },
      { type: 'deleteRecords', topic: 't2', partition: 0, beforeOffset: 1 },
      { type: 'poll' },
    ]);
    const chart = offsetCharts(trace)[0];
    expect(chart?.series.map((s) => s.name)).toEqual(['position', 'high watermark', 'log start']);
    expect(chart?.series.find((s) => s.role === 'logStart')?.values).toEqual([0, 0, 0, 1, 1]);
  });
});

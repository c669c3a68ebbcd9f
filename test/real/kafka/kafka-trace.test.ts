// The history checks of `mqspec trace`: the clean history passes, each bug-zoo history is flagged by its own check,
// an artifact excludes what follows it, and a malformed history is refused with its line.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/fixtures/counter-system.js';
import { tempFolder } from '../../support/temp-folder.js';
import { formatKafkaHistory, MalformedHistory, parseKafkaHistory } from '../../../real/histories/kafka-history.js';
import { cleanKafkaHistory, kafkaHistoryDefects } from '../../../real/kafka/history-zoo.js';
import { checkKafkaHistory, kafkaTraceChecks } from '../../../real/kafka/kafka-trace-checks.js';

describe('kafka history checks', () => {
  it('pass the clean history, judging each settled group', () => {
    const verdict = checkKafkaHistory(cleanKafkaHistory());
    expect(verdict.violations).toEqual([]);
    expect(verdict.stableMarkers).toBe(3);
    expect(verdict.duplicates).toBe(0);
  });

  it('have a bug-zoo history for every check', () => {
    expect(new Set(kafkaHistoryDefects().map((d) => d.check))).toEqual(new Set(kafkaTraceChecks));
  });

  for (const defect of kafkaHistoryDefects()) {
    it(`flag ${defect.name} with ${defect.check} (${defect.kind})`, () => {
      const verdict = checkKafkaHistory(defect.history);
      const own = verdict.violations.filter((v) => v.check === defect.check && v.kind === defect.kind);
      expect(own.length, JSON.stringify(verdict.violations)).toBeGreaterThan(0);
      expect(own.every((v) => v.excludedBy === undefined)).toBe(true);
    });
  }

  it('count a redelivery after a rebalance as a duplicate, not a violation', () => {
    const clean = cleanKafkaHistory();
    const last = clean.events.at(-1)!;
    const redelivered = { client: 'c0', seq: 1000, time: last.time + 1, event: 'delivered', topic: 't2', partition: 0, offset: 1 } as const;
    // c0 took t2-0 back when c1 closed; c1 had committed 2, so re-reading offset 1 is a duplicate delivery.
    const events = [...clean.events.slice(0, -1), redelivered, last];
    const verdict = checkKafkaHistory({ ...clean, events });
    expect(verdict.violations).toEqual([]);
    expect(verdict.duplicates).toBe(1);
  });

  it('excuse an undelivered record while a running consumer holds its partition or its topic paused, not after resume', () => {
    const defect = kafkaHistoryDefects().find((d) => d.check === 'lost')!;
    const [lost] = checkKafkaHistory(defect.history).violations.filter((v) => v.check === 'lost');
    const record = /^(\S+)-(\d+)@/.exec(lost!.message)!;
    const [topic, partition] = [record[1]!, Number(record[2])];
    const owner = defect.history.events.find((e) => e.event === 'subscribed' && e.topics.includes(topic))!.client;
    const quiescent = defect.history.events.length - 1;
    const withLines = (...lines: object[]) => {
      const events = [...defect.history.events.slice(0, quiescent), ...lines.map((line, i) => ({ client: owner, seq: 10_000 + i, time: 1e6 + i, ...line })), defect.history.events[quiescent]!];
      return checkKafkaHistory({ ...defect.history, events: events as typeof defect.history.events }).violations.filter((v) => v.check === 'lost').map((v) => v.message);
    };
    expect(withLines({ event: 'paused', topic })).not.toContain(lost!.message);
    expect(withLines({ event: 'paused', topic, partitions: [partition] })).not.toContain(lost!.message);
    expect(withLines({ event: 'paused', topic, partitions: [partition] }, { event: 'resumed', topic })).toContain(lost!.message);
    expect(withLines({ event: 'paused', topic }, { event: 'resumed', topic })).toContain(lost!.message);
  });

  it('judge the assignor for some order of the members when the client shows no member ids (kafka-python)', () => {
    const withoutIds = (history: ReturnType<typeof cleanKafkaHistory>) => ({
      ...history,
      events: history.events.map((e) => (e.event === 'assignment' ? (({ memberId: _id, ...rest }) => rest)(e) : e)) as typeof history.events,
    });
    const assignorViolations = (history: ReturnType<typeof cleanKafkaHistory>) => checkKafkaHistory(history).violations.filter((v) => v.check === 'assignor');
    expect(assignorViolations(withoutIds(cleanKafkaHistory()))).toEqual([]);
    // Dealing in reverse member order is the model's deal for the other order of the two members: not flagged.
    const reversed = kafkaHistoryDefects().find((d) => d.name === 'members-in-reverse-order')!.history;
    expect(assignorViolations(withoutIds(reversed))).toEqual([]);
    // Four partitions to one member and one to the other is round-robin's for no order of them.
    const clean = cleanKafkaHistory();
    const settled = clean.events.findIndex((e) => e.event === 'stable' && e.members.length === 2);
    const uneven = clean.events.map((e, i) => {
      if (i >= settled || e.event !== 'assignment') return e;
      const all = [0, 1, 2].map((partition) => ({ topic: 't1', partition })).concat([{ topic: 't2', partition: 0 }]);
      return e.client === 'c1' ? { ...e, partitions: [{ topic: 't2', partition: 1 }] } : e.partitions.length === 5 ? e : { ...e, partitions: all };
    }) as typeof clean.events;
    const flagged = assignorViolations(withoutIds({ ...clean, events: uneven }));
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged[0]!.message).toContain('for any order of the members');
  });

  it('mark violations after a broker artifact as excluded', () => {
    const defect = kafkaHistoryDefects().find((d) => d.check === 'lost')!;
    const events = [{ client: 'mqspec', seq: 0, time: 0, event: 'artifact', kind: 'sync-group-race', message: 'INVALID_REQUEST from SyncGroup' } as const, ...defect.history.events];
    const verdict = checkKafkaHistory({ ...defect.history, events });
    expect(verdict.violations.length).toBeGreaterThan(0);
    expect(verdict.violations.every((v) => v.excludedBy?.startsWith('sync-group-race') === true)).toBe(true);
  });
});

describe('kafka history files', () => {
  it('read back what they write', () => {
    const history = cleanKafkaHistory();
    const { lines, ...read } = parseKafkaHistory(formatKafkaHistory(history));
    expect(read).toEqual(history);
    expect(lines).toEqual(history.events.map((_, i) => i + 2));
  });

  it.each([
    ['', 'h: empty (a history starts with its header line)'],
    ['{"history":1,"system":"kafka.group","setup":{"topics":{"t":1}}}\n{"client":"c","seq":0,"time":0,"event":"teleported"}', 'h:2: not a history event'],
    ['{"history":1,"system":"kafka.group","setup":{"topics":{"t":1}}}\nnot json', 'h:2: not JSON'],
    ['{"history":2,"system":"kafka.group","setup":{}}', 'h:1: not a Kafka history header'],
    ['{"history":1,"system":"kafka.group","setup":{"topics":{"t":1}}}\n{"client":"c","seq":1,"time":0,"event":"closed"}\n{"client":"c","seq":1,"time":1,"event":"closed"}', "h:3: c's seq 1 does not follow 1"],
  ])('refuse %j with one line', (text, start) => {
    expect(() => parseKafkaHistory(text, 'h')).toThrow(MalformedHistory);
    expect(() => parseKafkaHistory(text, 'h')).toThrow(start);
  });
});

describe('mqspec trace FILE', () => {
  const folder = tempFolder('mqspec-trace-');
  const write = (name: string, text: string): string => {
    const file = join(folder, name);
    writeFileSync(file, text);
    return file;
  };

  it('exits 0 on the clean history, listing each check as ok', () => {
    const run = runCli(['trace', write('clean.jsonl', formatKafkaHistory(cleanKafkaHistory()))]);
    expect(run.exitCode).toBe(0);
    for (const check of kafkaTraceChecks) expect(run.stdout).toContain(`ok      ${check}`);
    expect(run.stdout).toContain('no violations');
  });

  for (const defect of kafkaHistoryDefects()) {
    it(`exits 1 on ${defect.name}, naming ${defect.check} and the line`, () => {
      const file = write(`${defect.name}.jsonl`, formatKafkaHistory(defect.history));
      const run = runCli(['trace', file]);
      expect(run.exitCode).toBe(1);
      expect(run.stdout).toContain(`FAILED  ${defect.check}`);
      expect(run.stdout).toMatch(new RegExp(`${defect.kind} .*\\(${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+\\)`));
      const json = runCli(['trace', file, '--json']);
      expect(JSON.parse(json.stdout).violations.some((v: { check: string }) => v.check === defect.check)).toBe(true);
    });
  }

  it('exits 2 with one line on a malformed history', () => {
    const run = runCli(['trace', write('bad.jsonl', '{"history":1,"system":"kafka.group","setup":{"topics":{"t":1}}}\n{"client":"c"}\n')]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^mqspec: .*bad\.jsonl:2: not a history event \(.*\)\n$/);
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rocketmqFilter } from '../../../../model/rocketmq/filter/filter-system.js';
import type { RocketmqFilterCommand } from '../../../../model/rocketmq/filter/filter-commands.js';
import { runTrace } from '../../../../model/trace.js';
import { partialMatch } from '../../../../properties/partial-match.js';
import { isRejected, loadScenarioFiles } from '../../../../properties/scenario-files.js';

const run = (...commands: RocketmqFilterCommand[]) => runTrace(rocketmqFilter, {}, commands).steps.map((s) => s.outcome);

describe('the rocketmq.filter system', () => {
  it('answers buildSubscriptionData with the parsed subscription', () => {
    expect(run({ type: 'buildSubscriptionData', topic: 'T', expression: 'Aa || BB' })).toEqual([
      { ok: true, value: { topic: 'T', subString: 'Aa || BB', tagsSet: ['Aa', 'BB'], codeSet: [2112] } },
    ]);
  });

  it('answers hashCode with the Java hash', () => {
    expect(run({ type: 'hashCode', value: 'polygenelubricants' })).toEqual([{ ok: true, value: -2147483648 }]);
  });

  it('filters a delivered message at the broker by code and at the client by tag', () => {
    expect(run({ type: 'deliver', subscription: 'Aa', own: 'Aa', tags: 'BB' })).toEqual([{ ok: true, value: { tagsCode: 2112, broker: true, client: false } }]);
  });

  it('fails a delivery whose expression cannot be parsed, whichever side holds it', () => {
    const error = { ok: false, error: 'Exception', message: 'subString split error' };
    expect(run({ type: 'deliver', subscription: '||', own: 'A', tags: 'A' }, { type: 'deliver', subscription: 'A', own: '||||', tags: 'A' })).toEqual([error, error]);
  });

  it('reads a missing tags field as a message without a tag', () => {
    const parsed = rocketmqFilter.commandSchema.parse({ type: 'deliver', subscription: '*', own: 'A' });
    expect(parsed).toEqual({ type: 'deliver', subscription: '*', own: 'A', tags: null });
  });

  it('documents every command with an example that validates', () => {
    for (const doc of rocketmqFilter.commands) expect(rocketmqFilter.commandSchema.safeParse(doc.example).success).toBe(true);
  });
});

describe('the hand-written rocketmq.filter scenarios', () => {
  const files = loadScenarioFiles(join(import.meta.dirname, '../../../../scenarios/rocketmq.filter'));
  it('exist', () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    it(`replay as expected: ${file.path.split('/').pop() ?? file.path}`, () => {
      if (isRejected(file)) throw new Error(file.reason);
      const { scenario } = file;
      const trace = runTrace(rocketmqFilter, {}, scenario.commands as RocketmqFilterCommand[]);
      for (const [index, expected] of (scenario.expect?.outcomes ?? []).entries()) {
        if (expected != null) expect(partialMatch(trace.steps[index]?.outcome, expected, `outcomes[${index}]`)).toBeUndefined();
      }
      expect(trace.steps).toHaveLength(scenario.commands.length);
    });
  }
});

describe('the rocketmq.filter command schema (mutation survivors: each branch must validate its own fields)', () => {
  it.each([
    [{ type: 'buildSubscriptionData', topic: 'T', expression: 'TagA' }, true],
    [{ type: 'buildSubscriptionData', expression: 'TagA' }, false],
    [{ type: 'hashCode', value: 'Aa' }, true],
    [{ type: 'hashCode' }, false],
    [{ type: 'deliver', subscription: 'Aa', own: null, tags: 'BB' }, true],
    [{ type: 'deliver', subscription: 'Aa', tags: 'BB' }, false],
    [{ topic: 'T', expression: 'TagA' }, false],
  ])('%j validates: %s', (command, valid) => {
    expect(rocketmqFilter.commandSchema.safeParse(command).success).toBe(valid);
  });

  it('keeps the documented examples runnable: each is valid and answers ok', () => {
    for (const doc of rocketmqFilter.commands) {
      const parsed = rocketmqFilter.commandSchema.safeParse(doc.example);
      expect(parsed.success, doc.type).toBe(true);
      if (parsed.success) expect(rocketmqFilter.step(rocketmqFilter.init({}), parsed.data).outcome.ok, doc.type).toBe(true);
    }
  });
});

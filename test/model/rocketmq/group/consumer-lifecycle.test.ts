/**
 * `DefaultMQPushConsumerImpl.start` / `shutdown` / `makeSureStateOK` and `FilterAPI.buildSubscriptionData`'s
 * "subscription exception" (apache/rocketmq rocketmq-all-4.9.8) as the rocketmq.group model answers them: the error
 * and its message.
 */
import { describe, expect, it } from 'vitest';
import type { RocketmqGroupCommand } from '../../../../model/rocketmq/group/commands.js';
import { rocketmqGroup } from '../../../../model/rocketmq/group/rocketmq-group.js';
import { CLIENTS_MAX } from '../../../../model/rocketmq/limits.js';
import { runTrace } from '../../../../model/trace.js';

const run = (raw: Record<string, unknown>, commands: RocketmqGroupCommand[]) => runTrace(rocketmqGroup, rocketmqGroup.setupSchema.parse(raw), commands);
const failure = (message: string, error = 'MQClientException') => ({ ok: false, error, message });

describe('makeSureStateOK', () => {
  it('refuses pull, rebalance and heartbeat of a shut-down client, naming its state SHUTDOWN_ALREADY', () => {
    const trace = run({ topics: { T: 1 } }, [
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'rebalance', client: 'c1' },
      { type: 'shutdown', client: 'c1' },
      { type: 'pull', client: 'c1' },
      { type: 'rebalance', client: 'c1' },
      { type: 'heartbeat', client: 'c1' },
    ]);
    const refused = failure('The consumer service state not OK, SHUTDOWN_ALREADY (client c1)');
    expect(trace.steps.slice(3).map((s) => s.outcome)).toEqual([refused, refused, refused]);
    expect(trace.steps[5]?.after).toEqual(trace.steps[2]?.after);
  });

  it('refuses a client never started as CREATE_JUST, running commands and subscribe alike', () => {
    const trace = run({ topics: { T: 1 } }, [
      { type: 'heartbeat', client: 'c9' },
      { type: 'subscribe', client: 'c9', topic: 'T', expression: '*' },
    ]);
    const refused = failure('The consumer service state not OK, CREATE_JUST (client c9)');
    expect(trace.steps.map((s) => s.outcome)).toEqual([refused, refused]);
  });
});

describe('start', () => {
  it('refuses a second start, an expression FilterAPI cannot build, and one client past the model\'s limit', () => {
    const trace = run({ topics: { T: 1 } }, [
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'start', client: 'c2', subscriptions: { T: '||' } },
    ]);
    expect(trace.steps.slice(1).map((s) => s.outcome)).toEqual([
      failure('The PushConsumer service state not OK, maybe started once, RUNNING'),
      failure('subscription exception: subString split error (T: "||")'),
    ]);
  });

  it(`serves at most CLIENTS_MAX (${CLIENTS_MAX}) clients per run`, () => {
    const starts: RocketmqGroupCommand[] = Array.from({ length: CLIENTS_MAX + 1 }, (_, i) => ({ type: 'start', client: `c${i}`, subscriptions: { T: '*' } }));
    const trace = run({ topics: { T: 1 } }, starts);
    expect(trace.steps[CLIENTS_MAX - 1]?.outcome).toEqual({ ok: true });
    expect(trace.steps[CLIENTS_MAX]?.outcome).toEqual(failure(`mqspec limit: at most ${CLIENTS_MAX} clients per rocketmq.group run (client c${CLIENTS_MAX})`));
  });
});

describe('shutdown', () => {
  it('does nothing in SHUTDOWN_ALREADY: a second shutdown leaves the group (and its notification time) as it was', () => {
    const trace = run({ topics: { T: 1 } }, [
      { type: 'start', client: 'c1', subscriptions: { T: '*' } },
      { type: 'start', client: 'c2', subscriptions: { T: '*' } },
      { type: 'shutdown', client: 'c1' },
      { type: 'shutdown', client: 'c1' },
    ]);
    expect(trace.steps[3]?.outcome).toEqual({ ok: true });
    expect(trace.steps[3]?.after.group).toEqual(trace.steps[2]?.after.group);
    expect(trace.steps[3]?.after.group?.notifiedAt).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { kafkaConsumer } from '../../../../model/kafka/consumer/kafka-consumer.js';
import { consumerStateOf, splitConsumerState, stepClient } from '../../../../model/kafka/group/member.js';

const setup = kafkaConsumer.setupSchema.parse({ topics: { t0: 2 }, autoOffsetReset: 'earliest', committed: [{ topic: 't0', partition: 1, offset: 3 }] });

describe('a member over the shared cluster', () => {
  it('splits a consumer state into cluster and client and composes it back unchanged', () => {
    const state = kafkaConsumer.init(setup);
    const { cluster, client } = splitConsumerState(state);
    expect(Object.keys(cluster).sort()).toEqual(['groupCommitted', 'logs', 'metadata']);
    expect(client).not.toHaveProperty('logs');
    expect(consumerStateOf(cluster, client)).toEqual(state);
  });

  it('runs a client call with the kafka.consumer model and hands back the changed cluster and client', () => {
    const { cluster, client } = splitConsumerState(kafkaConsumer.init(setup));
    const assigned = stepClient(cluster, client, { type: 'assign', partitions: [{ topic: 't0', partition: 1 }] });
    const committed = stepClient(assigned.cluster, assigned.client, { type: 'commitSync', offsets: [{ topic: 't0', partition: 1, offset: 5 }] });
    expect(committed.outcome).toEqual({ ok: true });
    expect(committed.cluster.groupCommitted).toEqual({ 't0-1': 5 });
    expect(committed.client.assignment[0]?.committed).toBe(5);
    expect(cluster.groupCommitted).toEqual({ 't0-1': 3 });
  });
});

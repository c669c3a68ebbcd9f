// A kafkajs 2.2.4 client as a real-client driver (real/process/driver-process.ts): one consumer in a group, or a
// producer, through kafkajs's public API only (Kafka, consumer, producer, instrumentation events), configured as
// kafkajs's README shows (auto-commit on unless the workload says otherwise). JSON lines: requests on stdin, answers
// and events on stdout, kafkajs's own log on stderr.
//
// kafkajs's only rebalance callback is its GROUP_JOIN instrumentation event, emitted after JoinGroup and SyncGroup
// with the member's whole new assignment (src/consumer/consumerGroup.js, joinAndSync): each one is an `assignment`
// event. Its COMMIT_OFFSETS event carries the OffsetCommit request it sent, generation included.
import { createInterface } from 'node:readline';

const kafkajs = await import('kafkajs').catch((error) => {
  process.stdout.write(`${JSON.stringify({ event: 'unavailable', reason: `kafkajs cannot be loaded (${error.message}): npm i -D kafkajs@2.2.4` })}\n`);
  process.exit(3);
});
const { Kafka, PartitionAssigners, logLevel } = kafkajs.default ?? kafkajs;

let seq = 0;
/** Writes one event line, numbered in the order this client reports them. */
function emit(event, fields) {
  process.stdout.write(`${JSON.stringify({ event, seq: seq++, ...fields })}\n`);
}
/** Writes a request's answer. */
function answer(id, fields) {
  process.stdout.write(`${JSON.stringify({ id, ok: true, ...fields })}\n`);
}
function refuse(id, error) {
  process.stdout.write(`${JSON.stringify({ id, ok: false, error: String(error?.message ?? error).split('\n')[0] })}\n`);
}

/** kafkajs logs through a log creator: to stderr, so that stdout carries only JSON lines. */
const stderrLog = () => ({ namespace, level, log }) => {
  if (level <= logLevel.WARN) process.stderr.write(`${namespace} ${log.message}\n`);
};

const assigners = { roundrobin: PartitionAssigners.roundRobin };

/**
 * The library's own assignor, run `milliseconds` later. librdkafka's mock group coordinator answers a follower's
 * SyncGroup that arrives after the leader's with INVALID_REQUEST (rdkafka_mock_cgrp.c: once the leader's SyncGroup
 * carries every assignment the group is up, and SyncGroup is refused in that state), where Kafka hands the follower
 * its assignment. kafkajs's leader assigns and syncs within a millisecond or two, so followers lose that race about
 * half the time; holding the leader's assignment back lets them sync first. Nothing else changes: the name, the
 * metadata and the assignment are the library's.
 */
function heldBack(assigner, milliseconds) {
  return (config) => {
    const own = assigner(config);
    return {
      ...own,
      async assign(group) {
        await new Promise((resolve) => setTimeout(resolve, milliseconds));
        return own.assign(group);
      },
    };
  };
}

let kafka;
let consumer;
/** Per topic and partition, the last offset handed to the application: what a manual commit commits past. */
const delivered = new Map();
let producer;

function client(bootstrap, clientId) {
  kafka ??= new Kafka({ clientId, brokers: [bootstrap], logLevel: logLevel.WARN, logCreator: stderrLog, retry: { retries: 8, initialRetryTime: 100, maxRetryTime: 1000 } });
  return kafka;
}

/** A topic → partitions list as the history's partition list. */
function partitionsOf(memberAssignment) {
  return Object.entries(memberAssignment).flatMap(([topic, partitions]) => partitions.map((partition) => ({ topic, partition })));
}

const ops = {
  async consumer(request) {
    const assigner = assigners[request.assignor ?? 'roundrobin'];
    if (assigner === undefined) throw new Error(`kafkajs has no assignor ${request.assignor} (it offers ${Object.keys(assigners).join(', ')})`);
    consumer = client(request.bootstrap, request.clientId ?? 'mqspec').consumer({
      groupId: request.group,
      partitionAssigners: [heldBack(assigner, request.syncDelay ?? 500)],
      sessionTimeout: request.sessionTimeout,
      heartbeatInterval: request.heartbeatInterval,
      rebalanceTimeout: request.rebalanceTimeout ?? request.sessionTimeout,
      // kafkajs heartbeats between fetches: a fetch that waits longer than the session would let it expire. A
      // shortened session needs a shortened fetch wait (its README's defaults are 30 s and 5 s).
      maxWaitTimeInMs: request.maxWaitTime ?? 500,
      retry: { retries: 8, initialRetryTime: 100, maxRetryTime: 1000 },
    });
    const { GROUP_JOIN, COMMIT_OFFSETS, CRASH } = consumer.events;
    consumer.on(GROUP_JOIN, ({ payload }) => emit('assignment', { memberId: payload.memberId, partitions: partitionsOf(payload.memberAssignment) }));
    consumer.on(COMMIT_OFFSETS, ({ payload }) =>
      emit('committed', {
        generation: payload.groupGenerationId,
        offsets: payload.topics.flatMap(({ topic, partitions }) => partitions.map(({ partition, offset }) => ({ topic, partition: Number(partition), offset: Number(offset) }))),
      }),
    );
    // The error's protocol name first (INVALID_REQUEST, REBALANCE_IN_PROGRESS…): the runner tells broker artifacts by it.
    consumer.on(CRASH, ({ payload }) => emit('error', { message: `${payload.error?.type ?? payload.error?.name ?? 'Error'}: ${String(payload.error?.message ?? payload.error)}` }));
    await consumer.connect();
    await consumer.subscribe({ topics: request.topics, fromBeginning: request.fromBeginning ?? true });
    emit('subscribed', { topics: request.topics, assignor: request.assignor ?? 'roundrobin', autoCommit: request.autoCommit ?? true });
    // run() resolves only once the first join is through, which a busy group can take many seconds to give: the
    // request is answered once the consumer has subscribed, and a failure to run is reported as an error event.
    consumer.run({
      autoCommit: request.autoCommit ?? true,
      eachMessage: async ({ topic, partition, message }) => {
        delivered.set(`${topic}\u0000${partition}`, Number(message.offset));
        emit('delivered', { topic, partition, offset: Number(message.offset) });
      },
    }).catch((error) => emit('error', { message: `${error.type ?? error.name}: ${error.message}` }));
  },
  async produce(request) {
    if (producer === undefined) {
      producer = client(request.bootstrap, request.clientId ?? 'mqspec-producer').producer({ allowAutoTopicCreation: false });
      await producer.connect();
    }
    const messages = Array.from({ length: request.count }, (_, i) => ({ partition: request.partition, value: `${request.topic}-${request.partition}-${i}` }));
    const [result] = await producer.send({ topic: request.topic, messages });
    const base = Number(result.baseOffset);
    for (let i = 0; i < request.count; i++) emit('produced', { topic: request.topic, partition: request.partition, offset: base + i });
    return { baseOffset: base };
  },
  // For a broker the user runs (--bootstrap): topics are created the way a user's tooling does, through the admin API.
  async createTopic(request) {
    const admin = client(request.bootstrap, 'mqspec-admin').admin();
    await admin.connect();
    try {
      await admin.createTopics({ topics: [{ topic: request.name, numPartitions: request.partitions }], waitForLeaders: true });
    } finally {
      await admin.disconnect();
    }
  },
  async pause(request) {
    consumer.pause([{ topic: request.topic, ...(request.partitions === undefined ? {} : { partitions: request.partitions }) }]);
    emit('paused', { topic: request.topic, ...(request.partitions === undefined ? {} : { partitions: request.partitions }) });
  },
  async resume(request) {
    consumer.resume([{ topic: request.topic, ...(request.partitions === undefined ? {} : { partitions: request.partitions }) }]);
    emit('resumed', { topic: request.topic, ...(request.partitions === undefined ? {} : { partitions: request.partitions }) });
  },
  async seek(request) {
    consumer.seek({ topic: request.topic, partition: request.partition, offset: String(request.offset) });
    emit('seeked', { topic: request.topic, partition: request.partition, offset: request.offset });
  },
  async commit() {
    const offsets = [...delivered].map(([key, last]) => {
      const [topic, partition] = key.split('\u0000');
      return { topic, partition: Number(partition), offset: String(last + 1) };
    });
    if (offsets.length === 0) return;
    // A refused commit (a rebalance in progress, a stale generation) is the library's answer, not a driver failure:
    // it goes to the history; an accepted one is reported by kafkajs's COMMIT_OFFSETS event.
    await consumer.commitOffsets(offsets).catch((error) =>
      emit('committed', { offsets: offsets.map((o) => ({ ...o, offset: Number(o.offset) })), ok: false, error: `${error.type ?? error.name}: ${error.message}` }),
    );
  },
  async close() {
    await consumer?.disconnect();
    await producer?.disconnect();
    emit('closed', {});
  },
};

/** The ops whose exceptions are the library's answers. */
const libraryAnswers = new Set(['pause', 'resume', 'seek', 'commit']);

emit('started', { library: 'kafkajs@2.2.4' });
for await (const text of createInterface({ input: process.stdin })) {
  if (text.trim() === '') continue;
  let request;
  try {
    request = JSON.parse(text);
  } catch {
    process.stderr.write(`kafkajs-driver: not JSON: ${text.slice(0, 200)}\n`);
    continue;
  }
  const op = ops[request.op];
  if (op === undefined) {
    refuse(request.id, `unknown op ${request.op}`);
    continue;
  }
  // Requests run concurrently: a consumer's join must not hold up a produce. What the library throws from a call the
  // application makes on a running consumer (a seek or pause it refuses) is its answer: an error event, not a fault.
  const refused = libraryAnswers.has(request.op)
    ? (error) => {
        emit('error', { message: `${error?.type ?? error?.name ?? 'Error'}: ${String(error?.message ?? error).split('\n')[0]}` });
        answer(request.id, {});
      }
    : (error) => refuse(request.id, error);
  op(request).then((fields) => answer(request.id, fields ?? {}), refused);
}
// stdin closed: leave the group as a user's shutdown hook would, then exit.
await Promise.race([ops.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 3000))]);
process.exit(0);

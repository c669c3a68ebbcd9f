/**
 * The Kafka client libraries mqspec runs as real consumers in real groups: how each driver starts, the assignors it
 * offers (the protocol names it sends in JoinGroup) and how it reports the broker artifacts that must not count as its
 * own behaviour (docs/real-clients.md).
 */
import path from 'node:path';
import { packageRoot } from '../../conformance/package-root.js';
import { debianPython } from './mock-broker.js';

/** A library's driver. */
export interface KafkaClientLibrary {
  readonly name: string;
  /** The library at its exact version. */
  readonly version: string;
  /** The assignors a user can configure, by the name the model and the history use (Java's protocol names). */
  readonly assignors: readonly string[];
  /** The protocol name the member offers in JoinGroup for each assignor, where it is not that name. */
  readonly protocolNames?: Readonly<Record<string, string>>;
  /** The program and its arguments. */
  argv(): string[];
  /** Upstream issues that describe what a check finds with an assignor of this library. */
  readonly knownIssues?: readonly { readonly assignor: string; readonly checks: readonly string[]; readonly url: string; readonly title: string }[];
  /**
   * The broker artifact an error line shows, if it shows one. librdkafka's mock answers a follower's SyncGroup that
   * arrives after the leader's with INVALID_REQUEST (rdkafka_mock_cgrp.c: the group is already up), where Kafka
   * answers with the assignment.
   */
  artifactOf(message: string): string | undefined;
}

/** The mock's SyncGroup race, as a client reports it. */
function syncGroupRace(message: string): string | undefined {
  return /INVALID_REQUEST/.test(message) ? 'sync-group-race' : undefined;
}

/** kafkajs 2.2.4 on mqspec's own Node. */
export const kafkajsLibrary: KafkaClientLibrary = {
  name: 'kafkajs',
  version: 'kafkajs@2.2.4',
  assignors: ['roundrobin'],
  // kafkajs's round-robin assigner offers itself as RoundRobinAssigner (src/consumer/assigners/roundRobinAssigner):
  // a group of kafkajs and Java-named members shares no protocol.
  protocolNames: { roundrobin: 'RoundRobinAssigner' },
  knownIssues: [
    {
      assignor: 'roundrobin',
      checks: ['assignor', 'complete', 'subscribed', 'lost'],
      url: 'https://github.com/tulios/kafkajs/issues/1040',
      title: 'tulios/kafkajs#1040: Multiple kafka consumer with the same groupId and different topics (open; also #1679)',
    },
  ],
  argv: () => [process.execPath, path.join(packageRoot(), 'real', 'kafka', 'drivers', 'kafkajs-driver.mjs')],
  artifactOf: syncGroupRace,
};

/** kafka-python 2.0.2 on Debian's python3 (python3-kafka). */
export const kafkaPythonLibrary: KafkaClientLibrary = {
  name: 'kafka-python',
  version: 'kafka-python@2.0.2',
  assignors: ['range', 'roundrobin', 'sticky'],
  argv: () => [debianPython(), path.join(packageRoot(), 'real', 'kafka', 'drivers', 'kafka_python_driver.py')],
  // kafka-python names the error by its class: InvalidRequestError.
  artifactOf: (message) => (/INVALID_REQUEST|InvalidRequestError/.test(message) ? 'sync-group-race' : undefined),
};

/** confluent-kafka-python 1.7.0 over librdkafka 2.0.2, both Debian's (python3-confluent-kafka). */
export const confluentKafkaLibrary: KafkaClientLibrary = {
  name: 'confluent-kafka',
  version: 'confluent-kafka@1.7.0 (librdkafka 2.0.2)',
  assignors: ['range', 'roundrobin', 'cooperative-sticky'],
  argv: () => [debianPython(), path.join(packageRoot(), 'real', 'kafka', 'drivers', 'confluent_kafka_driver.py')],
  artifactOf: syncGroupRace,
};

/** Every library, by name. */
export const kafkaClientLibraries: Readonly<Record<string, KafkaClientLibrary>> = {
  kafkajs: kafkajsLibrary,
  'kafka-python': kafkaPythonLibrary,
  'confluent-kafka': confluentKafkaLibrary,
};

/** The protocol name a library's member offers for `assignor`. */
export function protocolName(library: KafkaClientLibrary, assignor: string): string {
  return library.protocolNames?.[assignor] ?? assignor;
}

/**
 * The mixed groups worth running: for each protocol name two or more libraries offer, one cell with all of them
 * (members offering different names cannot form a group; librdkafka's mock even aborts on it).
 */
export function mixedCells(libraries: readonly KafkaClientLibrary[]): { libraries: string[]; assignor: string }[] {
  const byProtocol = new Map<string, { assignor: string; libraries: string[] }>();
  for (const library of libraries) {
    for (const assignor of library.assignors) {
      const name = protocolName(library, assignor);
      const entry = byProtocol.get(name) ?? { assignor, libraries: [] };
      entry.libraries.push(library.name);
      byProtocol.set(name, entry);
    }
  }
  return [...byProtocol.values()].filter((entry) => entry.libraries.length > 1).map(({ assignor, libraries }) => ({ libraries, assignor }));
}

/**
 * The Kafka client libraries mqspec runs as real consumers in real groups: how each driver starts, the assignors it
 * offers (the protocol names it sends in JoinGroup) and how it reports the broker artifacts that must not count as its
 * own behaviour (docs/real-clients.md).
 */
import path from 'node:path';
import { packageRoot } from '../../conformance/package-root.js';

/** A library's driver. */
export interface KafkaClientLibrary {
  readonly name: string;
  /** The library at its exact version. */
  readonly version: string;
  /** The assignors a user can configure, by the protocol name the member offers. */
  readonly assignors: readonly string[];
  /** The program and its arguments. */
  argv(): string[];
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
  argv: () => [process.execPath, path.join(packageRoot(), 'real', 'kafka', 'drivers', 'kafkajs-driver.mjs')],
  artifactOf: syncGroupRace,
};

/** Every library, by name. */
export const kafkaClientLibraries: Readonly<Record<string, KafkaClientLibrary>> = { kafkajs: kafkajsLibrary };

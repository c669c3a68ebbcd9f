/**
 * A broker the user runs (`mqspec run --bootstrap HOST:PORT`, e.g. Apache Kafka 3.x/4.x): mqspec neither starts nor
 * stops it; it creates each workload's topics through kafkajs's admin API (a driver process of its own, ended with
 * the run). Its death shows as client errors and timeouts in the histories, not as a marker.
 */
import { DriverProcess } from '../process/driver-process.js';
import { kafkajsLibrary } from './kafka-libraries.js';
import { BrokerUnavailable, type KafkaBroker } from './mock-broker.js';

/** The user's broker at `bootstrap`. */
export async function externalBroker(bootstrap: string): Promise<KafkaBroker> {
  const admin = await DriverProcess.start({ argv: kafkajsLibrary.argv() });
  return {
    bootstrap,
    pid: admin.pid,
    version: `external ${bootstrap}`,
    async createTopic(name, partitions) {
      const answer = await admin.request('createTopic', { bootstrap, name, partitions }, 30_000);
      if (!answer.ok) throw new BrokerUnavailable(`cannot create topic ${name} on ${bootstrap}: ${JSON.stringify(answer.fault)}`);
    },
    died: () => undefined,
    stop: () => admin.end(3000),
  };
}

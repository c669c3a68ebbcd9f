/**
 * librdkafka's mock cluster as the broker of real-client workloads: started as a child process
 * (real/kafka/mock-broker.py, Python's ctypes over Debian's librdkafka1) on 127.0.0.1 at a port the OS picks, in a
 * process group of its own, topics created per workload, stopped with the run. It implements the group coordinator
 * (JoinGroup, SyncGroup, Heartbeat, LeaveGroup, OffsetCommit, OffsetFetch), Produce, Fetch, ListOffsets and Metadata;
 * its known artifacts and how mqspec keeps them out of findings are in docs/real-clients.md.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../../conformance/package-root.js';
import { DriverProcess, type DriverEvent } from '../process/driver-process.js';

/** Debian's python3, which has the Debian modules (a pyenv python3 first on PATH may not); else the PATH's. */
export function debianPython(): string {
  return existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
}

/** A broker that is up. */
export interface KafkaBroker {
  /** `127.0.0.1:PORT`. */
  readonly bootstrap: string;
  /** The broker process's id (and its process group's). */
  readonly pid: number;
  /** librdkafka's version. */
  readonly version: string;
  /** Creates a topic with `partitions` partitions (replication 1). */
  createTopic(name: string, partitions: number): Promise<void>;
  /** Why the broker stopped before it was asked to, once it has. */
  died(): string | undefined;
  /** Stops the broker and waits until its process group is gone. */
  stop(): Promise<boolean>;
}

/** The broker could not start here: the line says what is missing. */
export class BrokerUnavailable extends Error {}

/** How long the broker may take to listen. */
const startMilliseconds = 10_000;

/** Starts a mock cluster of one broker; rejects with BrokerUnavailable when librdkafka is missing. */
export async function startMockBroker(): Promise<KafkaBroker> {
  const program = path.join(packageRoot(), 'real', 'kafka', 'mock-broker.py');
  const driver = await DriverProcess.start({ argv: [debianPython(), program] });
  let stopping = false;
  let death: string | undefined;
  driver.onFault((fault) => {
    if (stopping) return;
    death ??= fault.kind === 'exit' ? `the mock broker exited (code ${fault.code ?? 'none'}, signal ${fault.signal ?? 'none'}): ${driver.stderrTail().trim().split('\n').at(-1) ?? ''}` : `the mock broker wrote ${fault.kind}`;
  });
  const up = await new Promise<DriverEvent['line'] | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), startMilliseconds);
    driver.onEvent(({ line }) => {
      clearTimeout(timer);
      resolve(line);
    });
    driver.onFault((fault) => {
      if (fault.kind === 'exit') {
        clearTimeout(timer);
        resolve(undefined);
      }
    });
  });
  if (up?.['event'] !== 'up' || typeof up['bootstrap'] !== 'string') {
    await driver.kill();
    const reason = typeof up?.['reason'] === 'string' ? up['reason'] : `the mock broker did not start in ${startMilliseconds} ms: ${driver.stderrTail().trim().split('\n').at(-1) ?? ''}`;
    throw new BrokerUnavailable(reason);
  }
  const bootstrap = up['bootstrap'];
  return {
    bootstrap,
    pid: driver.pid,
    version: String(up['version']),
    async createTopic(name, partitions) {
      const answer = await driver.request('topic', { name, partitions }, 5000);
      if (!answer.ok) throw new Error(`cannot create topic ${name}: ${JSON.stringify(answer.fault)}`);
    },
    died: () => death,
    async stop() {
      stopping = true;
      return driver.end(2000);
    },
  };
}

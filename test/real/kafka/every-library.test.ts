// One generated workload per client library, end to end, at the fixed seed: kafkajs, kafka-python and
// confluent-kafka consumers (and a mixed kafka-python + confluent-kafka group) in real groups over librdkafka's mock
// broker, run at once on a broker each, judged by `mqspec trace`'s checks. Then the committed kafkajs finding replayed
// through the command line, as a user replays it, and the run without a broker. No process is left behind.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../../support/temp-folder.js';
import { defaultSeed } from '../../../cli/commands/check.js';
import { runKafkaCampaign } from '../../../real/kafka/kafka-campaign.js';
import { mockBrokerPool, namespacedRunner } from '../../../real/kafka/namespaced-runner.js';
import { liveDriverGroups } from '../../../real/process/driver-process.js';
import { liveGroupMembers } from '../../../conformance/protocol/process-table.js';

const root = join(import.meta.dirname, '../../..');
const scratch = tempFolder('every-library');

/** The bin from source, as a user runs the built one; answers when it exits, with the pid of its process group. */
function mqspec(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string; pid: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/mqspec.ts', ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1', ...env }, detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 150_000);
  return new Promise((resolve) => child.on('close', (status) => {
    clearTimeout(timer);
    resolve({ status, stdout, stderr, pid: child.pid! });
  }));
}

describe('real clients of every library', () => {
  it('each run one generated workload in a real group and get a verdict; the Python clients\' histories pass every check', async () => {
    const pool = mockBrokerPool();
    const cells = [
      { libraries: ['kafkajs'], assignor: 'roundrobin' },
      { libraries: ['kafka-python'], assignor: 'range' },
      { libraries: ['confluent-kafka'], assignor: 'cooperative-sticky' },
      { libraries: ['kafka-python', 'confluent-kafka'], assignor: 'roundrobin' },
    ];
    try {
      const result = await runKafkaCampaign({ cells, runs: 1, seed: defaultSeed, concurrency: cells.length, shrinkMilliseconds: 0, maxFindingsPerCell: 0, run: namespacedRunner(pool, `every-library-${process.pid}-`) });
      for (const cell of result.cells) {
        expect(cell.workloads, cell.cell).toBe(1);
        expect(cell.faults, cell.cell).toEqual([]);
        if (!cell.libraries.includes('kafkajs')) expect(cell.violationsByKind, cell.cell).toEqual({});
      }
    } finally {
      await pool.stop();
    }
    expect(liveDriverGroups()).toEqual([]);
  }, 150_000);

  it('replay the committed kafkajs round-robin finding through `mqspec run --replay`: it fires again, exit 1', async () => {
    const finding = 'counterexamples/real-clients/kafka/kafkajs-roundrobin-assignor.json';
    expect(existsSync(join(root, finding))).toBe(true);
    const run = await mqspec(['run', '--replay', finding]);
    expect(run.stdout).toContain('assignor fired again: reproduced');
    expect(run.stdout).toMatch(/FAILED {2}assignor\/assignment-differs {2}c1 owns \[\]/);
    expect(run.status).toBe(1);
    expect(liveGroupMembers(run.pid)).toEqual([]);
  }, 150_000);

  it('without librdkafka, end with one line and exit 3, and leave results saying why for the report', async () => {
    const out = join(scratch, 'real-clients.json');
    const run = await mqspec(['run', '--library', 'kafkajs', '--runs', '1', '--out', out, '--corpus', join(scratch, 'corpus')], { MQSPEC_LIBRDKAFKA: '/nonexistent/librdkafka.so.1' });
    expect(run.status).toBe(3);
    // Progress lines first, then one line saying why, naming what to install.
    expect(run.stderr.trimEnd().split('\n').at(-1)).toMatch(/^mqspec: no broker, no verdict: \/nonexistent\/librdkafka\.so\.1 cannot be loaded .*apt-get install librdkafka1$/);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ realClients: 1, unavailable: expect.stringContaining('cannot be loaded') });
    expect(existsSync(join(scratch, 'corpus'))).toBe(false);
    expect(liveGroupMembers(run.pid)).toEqual([]);
  }, 60_000);
});

import { MessageChannel, Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { matrixTasks, type MatrixTask } from '../../../conformance/matrix-in-workers.js';
import { shippedCorpus } from '../../../conformance/shipped-corpus.js';
import { loadExpectations } from '../../../conformance/expectations.js';
import { systems } from '../../../model/systems.js';
import { catalog } from '../../../properties/catalog.js';
import { modelTasks } from '../../../properties/parallel/run-task.js';
import type { TaskRunner } from '../../../properties/parallel/task-runner.js';
import { workerScript } from '../../../properties/parallel/worker-pool.js';
import type { WorkerTask } from '../../../properties/parallel/worker-task.js';
import { emptyCorpus } from '../../cli/fixtures/counter-system.js';

/**
 * One task through a real worker thread of the pool, loading the runner's module: the pool's own tests cannot show
 * that a worker ran anything, since the calling thread takes every task while the workers are still loading.
 */
async function inWorker<Task>(runner: TaskRunner<Task, unknown>, task: Task): Promise<unknown> {
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(workerScript(), { workerData: { port: port2, signal, runner: runner.module.href }, transferList: [port2] });
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the worker did not answer within 60 s')), 60_000);
      worker.on('error', reject);
      port1.on('message', (message: { ready?: true; index?: number; reply?: unknown }) => {
        if (message.ready === true) port1.postMessage({ index: 0, task });
        else {
          clearTimeout(timer);
          resolve(message.reply);
        }
      });
    });
  } finally {
    port1.close();
    await worker.terminate();
  }
}

describe('a pool worker thread', () => {
  it('loads the model runner and checks a property as the calling thread does', async () => {
    const task: WorkerTask = { kind: 'check', property: 'RF-01', seed: 7, runs: 20, corpus: emptyCorpus() };
    const reply = (await inWorker(modelTasks, task)) as { kind: string; result: { id: string; status: string; runs: number } };
    const here = modelTasks.makeRunner()(task) as { kind: string; result: { id: string; status: string; runs: number } };
    expect(reply.kind).toBe('check');
    expect([reply.result.id, reply.result.status, reply.result.runs]).toEqual([here.result.id, here.result.status, here.result.runs]);
  }, 90_000);

  it('loads the matrix runner and checks a bundled target\'s row as the calling thread does', async () => {
    const task: MatrixTask = { target: 'ali-ons-tag-filter', system: 'rocketmq.filter', seed: 20261202, runs: 20, corpus: shippedCorpus(loadExpectations(), systems, catalog) };
    const reply = (await inWorker(matrixTasks, task)) as { kind: string; row: { verdict: string; properties: unknown } };
    const here = matrixTasks.makeRunner()(task) as { kind: string; row: { verdict: string; properties: unknown } };
    expect(reply.kind).toBe('row');
    expect(reply.row.verdict).toBe('diverges');
    expect(reply.row.properties).toEqual(here.row.properties);
  }, 90_000);
});

/**
 * The worker side of `async-bridge.ts`: answers each request with the handler's result (or the error it threw, by
 * name) and raises the shared flag so the blocked caller wakes up.
 */
import { workerData } from 'node:worker_threads';
import { isPing, type BridgeAnswer, type BridgeWorkerData } from './async-bridge.js';

/** Serves requests with `handler`, one at a time. */
export function serveBridge(handler: (request: unknown) => Promise<unknown>): void {
  const { port, flag } = workerData as BridgeWorkerData;
  port.on('message', (request: unknown) => {
    const reply = (answer: BridgeAnswer): void => {
      port.postMessage(answer);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    };
    if (isPing(request)) {
      reply({ ok: true, value: request });
      return;
    }
    handler(request).then(
      (value) => reply({ ok: true, value }),
      (error: unknown) => reply(error instanceof Error ? { ok: false, error: error.name, message: error.message } : { ok: false, error: 'Error', message: String(error) }),
    );
  });
}

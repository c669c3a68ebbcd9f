import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DriverProcess, liveDriverGroups, type DriverEvent, type DriverFault } from '../../../real/process/driver-process.js';
import { isAlive } from '../../support/processes.js';

const fixture = fileURLToPath(new URL('../fixtures/echo-driver.mjs', import.meta.url));
const started: DriverProcess[] = [];

async function startFixture(): Promise<DriverProcess> {
  const driver = await DriverProcess.start({ argv: [process.execPath, fixture] });
  started.push(driver);
  return driver;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((driver) => driver.kill()));
  expect(liveDriverGroups()).toEqual([]);
});

describe('DriverProcess', () => {
  it('answers a request by its id and hands events to the listener in order', async () => {
    const driver = await startFixture();
    const events: DriverEvent[] = [];
    driver.onEvent((event) => events.push(event));
    expect(await driver.request('echo', { value: [1, 'a'] }, 5000)).toEqual({ ok: true, answer: { echoed: [1, 'a'] } });
    await driver.request('emit', { n: 1 }, 5000);
    await driver.request('emit', { n: 2 }, 5000);
    expect(events.map((event) => event.line)).toEqual([
      { event: 'ping', n: 1 },
      { event: 'ping', n: 2 },
    ]);
    expect(events[0]!.receivedAt).toBeLessThanOrEqual(events[1]!.receivedAt);
  });

  it('answers a refusal, a timeout and an exit as faults, and records garbage', async () => {
    const driver = await startFixture();
    const faults: DriverFault[] = [];
    driver.onFault((fault) => faults.push(fault));
    expect(await driver.request('refuse', {}, 5000)).toEqual({ ok: false, fault: { kind: 'refused', op: 'refuse', error: 'no such thing' } });
    expect(await driver.request('hang', {}, 100)).toEqual({ ok: false, fault: { kind: 'timeout', op: 'hang', milliseconds: 100 } });
    void driver.request('garbage', {}, 100);
    expect(await driver.request('exit', {}, 5000)).toEqual({ ok: false, fault: { kind: 'exit', code: 3, signal: null } });
    expect(faults[0]).toEqual({ kind: 'garbage', text: 'this is not json' });
    expect(await driver.request('echo', { value: 1 }, 5000)).toEqual({ ok: false, fault: { kind: 'exit', code: 3, signal: null } });
  });

  it('drops the late answer of a request that already timed out: the timeout is its fault, not garbage too', async () => {
    const driver = await startFixture();
    const faults: DriverFault[] = [];
    driver.onFault((fault) => faults.push(fault));
    expect(await driver.request('late', { after: 150 }, 50)).toEqual({ ok: false, fault: { kind: 'timeout', op: 'late', milliseconds: 50 } });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await driver.request('echo', { value: 2 }, 5000)).toEqual({ ok: true, answer: { echoed: 2 } });
    expect(faults).toEqual([]);
    await driver.end();
  });

  it('kills the whole process group, grandchildren included', async () => {
    const driver = await startFixture();
    const answer = await driver.request('spawn', {}, 5000);
    if (!answer.ok) throw new Error(JSON.stringify(answer.fault));
    const grandchild = answer.answer['pid'] as number;
    expect(isAlive(grandchild)).toBe(true);
    expect(await driver.kill()).toBe(true);
    expect(driver.exitedWith).toEqual({ code: null, signal: 'SIGKILL' });
    expect(isAlive(driver.pid)).toBe(false);
    expect(isAlive(grandchild)).toBe(false);
  });

  it('ends a driver that exits by itself when its input closes', async () => {
    const driver = await startFixture();
    expect(await driver.end(5000)).toBe(true);
    expect(driver.exitedWith).toEqual({ code: 0, signal: null });
  });

  it('refuses to start a program that does not exist, with a one-line reason', async () => {
    await expect(DriverProcess.start({ argv: ['/nonexistent/driver'] })).rejects.toThrow(/^driver \/nonexistent\/driver: cannot start \(ENOENT/);
  });
});

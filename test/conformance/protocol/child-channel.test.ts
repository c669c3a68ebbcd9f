import { describe, expect, it } from 'vitest';
import { ChildChannel, SpawnError } from '../../../conformance/protocol/child-channel.js';
import { splitCommandLine } from '../../../conformance/protocol/command-line.js';
import { isAlive } from '../../support/processes.js';

describe('a child channel', () => {
  it('answers each request with the next line, also a line larger than the pipe buffer (written partly by the worker)', () => {
    const channel = new ChildChannel(['cat']);
    try {
      expect(channel.request('{"op":"hello"}', 5000)).toEqual({ ok: true, line: '{"op":"hello"}' });
      const big = 'x'.repeat(300_000);
      expect(channel.request(big, 5000)).toEqual({ ok: true, line: big });
      expect(channel.request('after', 5000)).toEqual({ ok: true, line: 'after' });
    } finally {
      channel.kill();
    }
    expect(isAlive(channel.pid)).toBe(false);
  });

  it('sends lines ahead in one write and hands their answers out in order', () => {
    const channel = new ChildChannel(['cat']);
    try {
      expect(channel.request('step', 5000, ['observe'])).toEqual({ ok: true, line: 'step' });
      expect(() => channel.request('too early', 5000)).toThrow('request: 1 answer(s) to lines sent ahead not received yet');
      expect(channel.receive(5000)).toEqual({ ok: true, line: 'observe' });
      expect(() => channel.receive(5000)).toThrow('receive: no line was sent ahead');
      expect(channel.request('next', 5000)).toEqual({ ok: true, line: 'next' });
    } finally {
      channel.kill();
    }
  });

  it('turns a hang into a timeout and kills the program', () => {
    const channel = new ChildChannel(['sleep', '100']);
    const started = performance.now();
    expect(channel.request('anything', 300)).toEqual({ ok: false, fault: { kind: 'timeout', milliseconds: 300 } });
    expect(performance.now() - started).toBeLessThan(2000);
    channel.kill();
    expect(isAlive(channel.pid)).toBe(false);
    expect(channel.request('again', 300)).toEqual({ ok: false, fault: { kind: 'closed' } });
  });

  it('reports an exit and a line nobody asked for', () => {
    const exits = new ChildChannel(['sh', '-c', 'read line; exit 7']);
    expect(exits.request('x', 5000)).toEqual({ ok: false, fault: { kind: 'exit', code: 7, signal: null } });
    exits.kill();
    const chatty = new ChildChannel(['sh', '-c', 'read line; echo one; echo two; sleep 100']);
    expect(chatty.request('x', 5000)).toEqual({ ok: true, line: 'one' });
    // Give the second line time to arrive before the next request.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
    expect(chatty.request('y', 5000)).toEqual({ ok: false, fault: { kind: 'unrequested', text: 'two' } });
    chatty.kill();
    expect([exits.pid, chatty.pid].filter(isAlive)).toEqual([]);
  });

  it('throws a SpawnError for a program that does not exist', () => {
    expect(() => new ChildChannel(['no-such-program-mqspec'])).toThrow(SpawnError);
  });
});

describe('splitting --exec', () => {
  it('splits words and honours quotes and backslashes like a shell', () => {
    expect(splitCommandLine(`python3  my\\ target.py --name 'a b' "c \\"d\\""`)).toEqual(['python3', 'my target.py', '--name', 'a b', 'c "d"']);
  });

  it('rejects an unterminated quote and an empty command', () => {
    expect(() => splitCommandLine(`python3 'oops`)).toThrow("unterminated ' quote");
    expect(() => splitCommandLine('   ')).toThrow('empty command');
  });
});

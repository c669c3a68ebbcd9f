/**
 * Interrupting a run that writes the corpus (Ctrl-C): the corpus stays intact — every file it holds is complete —
 * and no temporary file is left behind. Child processes get SIGINT, as a terminal sends it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systems } from '../../../model/systems.js';
import { catalog } from '../../../properties/catalog.js';
import { loadCorpus } from '../../../properties/corpus/load-corpus.js';
import { tempFolder } from '../../support/temp-folder.js';

const repository = join(import.meta.dirname, '../../..');

/** How a child ended. */
interface Ending {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly interrupts: number;
}

/**
 * Runs `node --import tsx …args` and, once `ready()` holds (polled every few milliseconds), sends SIGINT every
 * `everyMs` until the child ends; answers how it ended and how many signals it took.
 */
function interruptWhen(ready: () => boolean, args: readonly string[], everyMs: number): Promise<Ending> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: repository, env: { ...process.env, NO_COLOR: '1' }, stdio: 'ignore' });
    let interrupts = 0;
    let interrupting = false;
    const timer = setInterval(() => {
      interrupting ||= ready();
      if (!interrupting) return;
      interrupts++;
      child.kill('SIGINT');
    }, everyMs);
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      done({ code, signal, interrupts });
    });
  });
}

/** Every file name under `folder`, recursively. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' });
}

describe('an interrupted run', () => {
  it('leaves no temporary file and only complete files when Ctrl-C lands while it writes', async () => {
    const folder = tempFolder('interrupt-writes');
    const ending = await interruptWhen(() => filesUnder(folder).length > 0, ['test/properties/corpus/fixtures/write-loop.ts', folder], 5);
    expect(ending.signal).toBe('SIGINT');
    const files = filesUnder(folder);
    expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) expect(JSON.parse(readFileSync(join(folder, name), 'utf8'))).toHaveProperty('padding');
  });

  it('of mqspec check, once it has begun saving counterexamples, leaves the corpus intact and no temporary file', async () => {
    const corpus = tempFolder('interrupt-check');
    const saved = (): string[] => (existsSync(corpus) ? filesUnder(corpus).filter((name) => name.endsWith('.json')) : []);
    const ending = await interruptWhen(() => saved().length > 0, ['cli/mqspec.ts', 'check', '--corpus', corpus], 5);
    expect(ending.signal).toBe('SIGINT');
    expect(filesUnder(corpus).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const loaded = loadCorpus(corpus, systems, catalog);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.entries.length).toBe(saved().length);
  });
});

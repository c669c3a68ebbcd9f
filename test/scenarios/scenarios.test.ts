/**
 * Hand-written scenario tests: every JSON file under scenarios/ (ports of upstream Java tests and documented profile
 * differences) replayed through the same path as `mqspec replay` and stored counterexamples.
 */
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayScenario } from '../../cli/commands/replay.js';
import { systems } from '../../model/systems.js';
import { catalog } from '../../properties/catalog.js';
import { isRejected, loadScenarioFiles } from '../../properties/scenario-files.js';

const root = join(import.meta.dirname, '../../scenarios');
const files = loadScenarioFiles(root, systems);

describe('hand-written scenarios', () => {
  it('exist for every system that has a model', () => {
    const covered = new Set(files.flatMap((f) => (isRejected(f) ? [] : [f.scenario.system])));
    expect([...systems.keys()].filter((id) => !covered.has(id))).toEqual([]);
  });

  for (const file of files) {
    it(`${relative(root, file.path)} replays as its expectations say`, () => {
      if (isRejected(file)) throw new Error(file.reason);
      const model = systems.get(file.scenario.system);
      if (model === undefined) throw new Error(`no model for ${file.scenario.system}`);
      const replay = replayScenario(file, model, catalog);
      expect(replay.failures).toEqual([]);
    });
  }
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioFiles, readScenarioFile } from '../../properties/scenario-files.js';
import { counterSystems } from '../cli/fixtures/counter-system.js';
import { tempFolder } from '../support/temp-folder.js';

const scenario = { system: 'test.counter', setup: { start: 0 }, commands: [{ type: 'inc' }] };

describe('loadScenarioFiles', () => {
  it('loads every JSON file under the folder recursively, in sorted path order, with the rejected ones', () => {
    const folder = tempFolder('files');
    mkdirSync(join(folder, 'b'));
    writeFileSync(join(folder, 'b', 'one.json'), JSON.stringify(scenario));
    writeFileSync(join(folder, 'a.json'), JSON.stringify({ ...scenario, commands: [{ type: 'nope' }] }));
    writeFileSync(join(folder, 'c.json'), JSON.stringify({ property: 'CT-2', seed: 1, scenario }));
    writeFileSync(join(folder, 'notes.md'), '# not a scenario');
    const files = loadScenarioFiles(folder, counterSystems);
    expect(files.map((f) => f.path)).toEqual([join(folder, 'a.json'), join(folder, 'b', 'one.json'), join(folder, 'c.json')]);
    expect(files[0]).toEqual({ path: join(folder, 'a.json'), reason: expect.stringMatching(/^commands\[0\]: unknown command type "nope"/) });
    expect(files[1]).toMatchObject({ scenario: { system: 'test.counter', commands: [{ type: 'inc' }] }, counterexample: false });
    expect(files[2]).toMatchObject({ property: 'CT-2', counterexample: true, scenario: { commands: [{ type: 'inc' }] } });
  });

  it('finds no scenarios in a folder that does not exist', () => {
    expect(loadScenarioFiles(join(tmpdir(), 'mqspec-no-such-folder-7f3a'), counterSystems)).toEqual([]);
  });
});

describe('readScenarioFile', () => {
  it('rejects invalid JSON and a property that is not a string, with one-line reasons', () => {
    const folder = tempFolder('file');
    writeFileSync(join(folder, 'bad.json'), '[1,');
    expect(readScenarioFile(join(folder, 'bad.json'), counterSystems)).toMatchObject({ reason: expect.stringMatching(/^invalid JSON: /) });
    writeFileSync(join(folder, 'prop.json'), JSON.stringify({ ...scenario, property: 3 }));
    expect(readScenarioFile(join(folder, 'prop.json'), counterSystems)).toMatchObject({ reason: 'property: expected a string naming a property id' });
  });
});

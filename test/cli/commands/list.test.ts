import { describe, expect, it } from 'vitest';
import type { AnySystemModel } from '../../../model/system.js';
import { counterCatalog, counterModel, counterSystems, runCli } from '../fixtures/counter-system.js';

describe('mqspec list', () => {
  it('prints one table row per property, in catalog order', () => {
    const run = runCli(['list']);
    expect(run.exitCode).toBe(0);
    const rows = run.stdout.split('\n').filter((line) => line.startsWith('CT-'));
    expect(rows.map((row) => row.split(/\s+/)[0])).toEqual(['CT-1', 'CT-2', 'CT-3']);
    expect(run.stdout).not.toMatch(/\u001b\[/);
  });

  it('prints the catalog and the command vocabulary as JSON with --json', () => {
    const run = runCli(['list', '--json']);
    expect(run.exitCode).toBe(0);
    const document: unknown = JSON.parse(run.stdout);
    expect(document).toMatchObject({
      properties: [
        { id: 'CT-1', system: 'test.counter', kind: 'invariant', statement: 'inc and dec answer the new value.' },
        { id: 'CT-2', kind: 'invariant' },
        { id: 'CT-3', kind: 'hazard' },
      ],
      systems: [{ id: 'test.counter', summary: 'A counter (test fixture).', commands: [{ type: 'inc', example: { type: 'inc', by: 2 } }, { type: 'dec' }, { type: 'reset' }] }],
    });
  });

  it('prints a Markdown table per system and a JSON example per command with --markdown', () => {
    const run = runCli(['list', '--markdown']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('### test.counter — A counter (test fixture).\n\n| id | kind | statement |\n|---|---|---|\n| CT-1 | invariant |');
    expect(run.stdout).toContain('| CT-3 | hazard | The counter \\| never exceeds 2. |');
    expect(run.stdout).toContain('#### `inc`\n\nAdds `by` (default 1).\n\n```json\n{"type":"inc","by":2}\n```');
    expect(run.stdout.indexOf('## Properties')).toBeLessThan(run.stdout.indexOf('## Commands'));
  });

  it('prints the same Markdown on every run', () => {
    expect(runCli(['list', '--markdown']).stdout).toBe(runCli(['list', '--markdown']).stdout);
  });

  it('groups the Markdown by system in registry order, systems without properties included', () => {
    const systems = new Map([['other.system', { ...(counterModel as AnySystemModel), summary: 'Another.' }], ...counterSystems]);
    const run = runCli(['list', '--markdown'], { systems, catalog: counterCatalog });
    expect(run.stdout.indexOf('### other.system — Another.\n\n_No properties yet._')).toBeGreaterThan(-1);
    expect(run.stdout.indexOf('### other.system')).toBeLessThan(run.stdout.indexOf('### test.counter'));
  });

  it('says so when the catalog is empty', () => {
    expect(runCli(['list'], { catalog: [] }).stdout).toBe('no properties in the catalog\n');
  });

  it('refuses --json together with --markdown with exit 2 and one line', () => {
    const run = runCli(['list', '--json', '--markdown']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^mqspec: .*--json.*--markdown.*\n$/);
    expect(run.stdout).toBe('');
  });
});

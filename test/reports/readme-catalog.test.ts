import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withCurrentCatalog } from '../../reports/readme-catalog.js';

describe("the README's generated catalog", () => {
  it('matches the registries (run `npm run docs` when this fails)', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    expect(withCurrentCatalog(readme) === readme, 'README.md is stale: run `npm run docs`').toBe(true);
  });
});

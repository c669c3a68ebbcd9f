import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withCurrentCatalog } from '../../reports/docs-catalog.js';

describe('the generated catalog page (docs/catalog.md)', () => {
  it('matches the registries (run `npm run docs` when this fails)', () => {
    const page = readFileSync(join(import.meta.dirname, '../../docs/catalog.md'), 'utf8');
    expect(withCurrentCatalog(page) === page, 'docs/catalog.md is stale: run `npm run docs`').toBe(true);
  });
});

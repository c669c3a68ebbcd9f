/**
 * The catalog as data: every property (in catalog order) and every system's command vocabulary. `mqspec list --json`
 * prints it; the Markdown and text listings are rendered from it.
 */
import type { CommandDoc } from '../../model/system.js';
import type { CliContext } from '../context.js';

/** One property as listed. */
export interface ListedProperty {
  readonly id: string;
  readonly system: string;
  readonly kind: string;
  readonly statement: string;
  readonly why: string;
}

/** One system as listed, with its commands. */
export interface ListedSystem {
  readonly id: string;
  /** Empty for a system that properties name but the registry does not hold. */
  readonly summary: string;
  readonly exampleSetup?: unknown;
  readonly commands: readonly CommandDoc[];
}

/** What `mqspec list --json` prints. */
export interface CatalogDocument {
  readonly properties: readonly ListedProperty[];
  readonly systems: readonly ListedSystem[];
}

/**
 * The catalog in a fixed order: systems in registry order (then any system only a property names, in catalog order),
 * properties in catalog order.
 */
export function catalogDocument(context: Pick<CliContext, 'catalog' | 'systems'>): CatalogDocument {
  const properties = context.catalog.map(({ id, system, kind, statement, why }) => ({ id, system, kind, statement, why }));
  const ids = [...new Set([...context.systems.keys(), ...properties.map((p) => p.system)])];
  const systems = ids.map((id): ListedSystem => {
    const model = context.systems.get(id);
    if (model === undefined) return { id, summary: '', commands: [] };
    return { id, summary: model.summary, exampleSetup: model.exampleSetup, commands: model.commands };
  });
  return { properties, systems };
}

/**
 * What checking a target on one system means: the differential property (unless the target declares mode
 * `invariants`) and every invariant of the system, each over the system's scenarios restricted to the commands the
 * target declares, with the setup fields it fixes laid over the generated setups. Invariants the target does not
 * claim or whose domain its fixed setup leaves (declared-support.ts) are not run: they are "not applicable".
 * Hazards are not run on targets: a target that "fixes" a hazard diverges from the model, which the differential
 * property reports.
 */
import fc from 'fast-check';
import type { Scenario } from '../model/scenario.js';
import type { AnySystemModel } from '../model/system.js';
import { declaredScenarios } from '../properties/declared-scenarios.js';
import type { Property } from '../properties/property.js';
import { agreementProperty, restrictCommands, systemScenarios } from './agreement-property.js';
import { notApplicableReason } from './declared-support.js';
import { reachableCommands } from './reachable-commands.js';
import type { TargetSystem } from './target.js';

/** The properties a target declaring `declared` is checked on, the differential one first. */
export function targetProperties(declared: TargetSystem, model: AnySystemModel, catalog: readonly Property[]): Property[] {
  const invariantsOnly = (declared.mode ?? 'differential') === 'invariants';
  const invariants = catalog
    .filter((p) => p.system === declared.system && p.kind === 'invariant')
    // The others are reported "not applicable" (declared-support.ts), never run.
    .filter((p) => notApplicableReason(p, declared) === undefined)
    .map((p): Property => ({ ...p, scenarios: p.scenarios.map((scenario) => reachableCommands(restrictCommands(withSetup(scenario, declared.setup), declared.commands), model, declared.reachable)) }));
  if (invariantsOnly) return invariants;
  const own = systemScenarios(catalog, declared.system);
  const dense = declared.commands === undefined ? undefined : declaredScenarios(declared.system, declared.commands);
  const scenarios = (dense === undefined ? own : fc.oneof(own, dense)).map((scenario) => withSetup(scenario, declared.setup));
  return [agreementProperty(model, scenarios, declared), ...invariants];
}

/** A scenario with the setup fields the target fixes laid over its own. */
export function withSetup(scenario: Scenario, setup: TargetSystem['setup']): Scenario {
  if (setup === undefined) return scenario;
  const own = typeof scenario.setup === 'object' && scenario.setup !== null ? scenario.setup : {};
  return { ...scenario, setup: { ...own, ...setup } };
}

/** The differential property of every system (with no target's restrictions): what corpus files may name besides the catalog. */
export function agreementCatalog(systems: ReadonlyMap<string, AnySystemModel>, catalog: readonly Property[]): Property[] {
  return [...systems.values()]
    .filter((model) => catalog.some((p) => p.system === model.id))
    .map((model) => agreementProperty(model, systemScenarios(catalog, model.id)));
}

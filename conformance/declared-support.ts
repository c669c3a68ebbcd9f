/**
 * What a target says it supports, checked before anything runs: a declaration (in-process `systems`, or `hello`'s
 * over the protocol) with a key mqspec does not know, a command or property the system does not have, or a setup
 * the system's schema refuses, is refused with one line naming what is known. A mistyped key silently dropped would
 * change what is generated — and a target that passes for the wrong reason is worse than one that fails.
 *
 * Also: which of the system's properties do not apply to the target, with the reason. They are reported as "not
 * applicable", never run and never counted as passed.
 */
import { z } from 'zod';
import type { AnySystemModel, SystemId } from '../model/system.js';
import type { Property } from '../properties/property.js';
import { agreementId } from './agreement-property.js';
import type { TargetSystem } from './target.js';

/** Every key a system's declaration may have, in the order docs/protocol.md lists them. */
export const targetSystemKeys = ['system', 'commands', 'fields', 'mode', 'setup', 'properties', 'reachable'] as const;

/** The ids of the system's invariants, the properties a target may claim (the differential one follows `mode`). */
function invariantIds(system: SystemId, catalog: readonly Property[]): string[] {
  return catalog.filter((p) => p.system === system && p.kind === 'invariant').map((p) => p.id);
}

/** The keys of a setup schema that is an object (every system's is), or undefined. */
function setupKeys(model: AnySystemModel): string[] | undefined {
  const schema: unknown = model.setupSchema;
  return schema instanceof z.ZodObject ? Object.keys(schema.shape as Record<string, unknown>) : undefined;
}

/** The first thing wrong with `declared` (one line, no trailing period), or undefined when it is a valid declaration. */
export function declarationProblem(declared: TargetSystem, model: AnySystemModel, catalog: readonly Property[]): string | undefined {
  const known = (list: readonly string[]): string => list.join(', ');
  const unknownKey = Object.keys(declared).find((key) => !(targetSystemKeys as readonly string[]).includes(key));
  if (unknownKey !== undefined) return `unknown key "${unknownKey}" (known: ${known(targetSystemKeys)})`;

  const mode: unknown = declared.mode;
  if (mode !== undefined && mode !== 'differential' && mode !== 'invariants') return `mode: unknown mode ${JSON.stringify(mode)} (known: differential, invariants)`;

  const commandTypes = model.commands.map((doc) => doc.type);
  if (declared.commands !== undefined) {
    if (!Array.isArray(declared.commands)) return 'commands: expected a list of command types';
    const unknown = declared.commands.find((type) => !commandTypes.includes(type));
    if (unknown !== undefined) return `commands: ${model.id} has no command ${JSON.stringify(unknown)} (known: ${known(commandTypes)})`;
  }

  if (declared.fields !== undefined && (!Array.isArray(declared.fields) || !declared.fields.every((f) => typeof f === 'string' && f !== ''))) {
    return 'fields: expected a list of dotted field paths (`mode`, `partitions.*.paused`)';
  }

  if (declared.properties !== undefined) {
    if (!Array.isArray(declared.properties)) return 'properties: expected a list of property ids';
    const ids = invariantIds(model.id, catalog);
    const unknown = declared.properties.find((id) => !ids.includes(id));
    if (unknown === agreementId(model.id)) return `properties: ${unknown} is not claimed but follows mode (differential, the default, or invariants)`;
    if (unknown !== undefined) return `properties: ${model.id} has no invariant ${JSON.stringify(unknown)} (known: ${known(ids)})`;
  }

  if (declared.reachable !== undefined) {
    const reachable: unknown = declared.reachable;
    if (typeof reachable !== 'object' || reachable === null || Array.isArray(reachable)) return 'reachable: not an object of command type → {field: [values]}';
    for (const [type, conditions] of Object.entries(reachable)) {
      if (!commandTypes.includes(type)) return `reachable: ${model.id} has no command ${JSON.stringify(type)} (known: ${known(commandTypes)})`;
      if (typeof conditions !== 'object' || conditions === null || !Object.values(conditions).every(Array.isArray)) return `reachable: ${type}: not an object of observation field → [values]`;
    }
  }

  if (declared.setup !== undefined) {
    if (typeof declared.setup !== 'object' || declared.setup === null || Array.isArray(declared.setup)) return 'setup: expected an object of setup fields';
    const keys = setupKeys(model);
    const unknown = keys === undefined ? undefined : Object.keys(declared.setup).find((key) => !keys.includes(key));
    if (unknown !== undefined) return `setup: ${model.id}'s setup has no field "${unknown}" (known: ${known(keys ?? [])})`;
    // The fixed fields must make a valid setup with any generated rest; the system's example stands in for the rest.
    const example = model.exampleSetup as Record<string, unknown>;
    const valid = model.setupSchema.safeParse({ ...example, ...declared.setup });
    if (!valid.success) {
      const issue = valid.error.issues[0];
      return `setup: ${issue === undefined ? 'not a valid setup' : `${issue.path.join('.') || '(root)'}: ${issue.message}`}`;
    }
  }
  return undefined;
}

/** A property a target is not checked on, and why. */
export interface NotApplicable {
  readonly id: string;
  readonly system: SystemId;
  readonly reason: string;
}

/** The properties of the system that do not apply to a target declaring `declared`, in catalog order. */
export function notApplicableProperties(declared: TargetSystem, model: AnySystemModel, catalog: readonly Property[]): NotApplicable[] {
  const out: NotApplicable[] = [];
  if (declared.mode === 'invariants') {
    out.push({ id: agreementId(model.id), system: model.id, reason: 'the target declares mode "invariants": it does not owe the model\'s exact answers' });
  }
  for (const property of catalog) {
    if (property.system !== model.id || property.kind !== 'invariant') continue;
    const reason = notApplicableReason(property, declared);
    if (reason !== undefined) out.push({ id: property.id, system: model.id, reason });
  }
  return out;
}

/** Why one invariant does not apply to the target, or undefined when it does. */
export function notApplicableReason(property: Property, declared: TargetSystem): string | undefined {
  // A setup that is not an object is refused by declarationProblem; here it fixes nothing.
  const fixed = typeof declared.setup === 'object' && declared.setup !== null ? declared.setup : undefined;
  const outside = fixed === undefined ? undefined : property.notApplicable?.(fixed);
  if (outside !== undefined) return outside;
  if (declared.properties !== undefined && !declared.properties.includes(property.id)) return 'the target does not claim it (its declared properties leave it out)';
  // Unshown fields are the model's values (lockstep.ts): judging only those would judge the model in the target's name.
  const shown = Array.isArray(declared.fields) ? declared.fields.map((field) => String(field).split('.')[0] ?? '') : undefined;
  if (property.reads !== undefined && shown !== undefined && !property.reads.some((field) => shown.includes(field))) {
    return `it judges the observation's ${property.reads.join(' and ')}, which the target does not show (its fields: ${shown.length === 0 ? 'none' : shown.join(', ')})`;
  }
  return undefined;
}

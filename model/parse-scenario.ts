import type { z } from 'zod';
import type { Scenario } from './scenario.js';
import type { AnySystemModel } from './system.js';
import { isRecord } from './json.js';
import { issuePath } from './zod-issue.js';
import { firstTooDeep, formatCount, maxCommandsPerScenario, maxNestingDepth } from './scenario-limits.js';

/** A scenario that passed validation, or a one-line reason naming where it is malformed. */
export type ParsedScenario = { readonly ok: true; readonly scenario: Scenario } | { readonly ok: false; readonly reason: string };

/** The first zod issue as `path: message`, prefixed with where the value sits (in a scenario, a scope file…). */
export function firstIssue(where: string, error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return `${where}: invalid`;
  const path = issuePath(issue);
  return `${where}${path === '' || path.startsWith('[') ? path : `.${path}`}: ${issue.message}`;
}

/** The reason a scenario is beyond the documented limits (scenario-limits.ts), checked before anything walks it. */
function beyondLimits(raw: Record<string, unknown>): string | undefined {
  const commands = raw['commands'];
  if (Array.isArray(commands) && commands.length > maxCommandsPerScenario) {
    return `commands: ${formatCount(commands.length)} commands, more than the limit of ${formatCount(maxCommandsPerScenario)} per scenario`;
  }
  const tooDeep = firstTooDeep(raw, '');
  return tooDeep === undefined ? undefined : `${tooDeep}: nested deeper than the limit of ${maxNestingDepth} levels`;
}

/** Why `expect` is not an expectation (an object with an `outcomes` array of objects or nulls and a `final` object). */
function expectationFault(expect: unknown): string | undefined {
  if (!isRecord(expect)) return 'expect: expected an object';
  const outcomes = expect['outcomes'];
  if (outcomes !== undefined && !Array.isArray(outcomes)) return 'expect.outcomes: expected an array aligned with commands';
  const index = Array.isArray(outcomes) ? outcomes.findIndex((entry) => entry !== null && !isRecord(entry)) : -1;
  if (index >= 0) return `expect.outcomes[${index}]: expected a partial outcome object or null`;
  const final = expect['final'];
  if (final !== undefined && !isRecord(final)) return 'expect.final: expected a partial observation object';
  return undefined;
}

/**
 * Validates raw JSON as a scenario of one of the given systems. Errors are one line and name the position of the
 * fault (`commands[3]: unknown command type "subscribeX" for kafka.consumer (expected one of …)`).
 */
export function parseScenario(raw: unknown, systems: ReadonlyMap<string, AnySystemModel>): ParsedScenario {
  if (!isRecord(raw)) return { ok: false, reason: 'scenario: expected a JSON object with system, setup and commands' };
  const limit = beyondLimits(raw);
  if (limit !== undefined) return { ok: false, reason: limit };
  const systemId = raw['system'];
  if (typeof systemId !== 'string') return { ok: false, reason: 'system: expected a string naming the system' };
  const model = systems.get(systemId);
  if (model === undefined) {
    return { ok: false, reason: `system: unknown system "${systemId}" (expected one of: ${[...systems.keys()].join(', ')})` };
  }
  const setup = model.setupSchema.safeParse(raw['setup'] ?? {});
  if (!setup.success) return { ok: false, reason: firstIssue('setup', setup.error) };
  const rawCommands = raw['commands'];
  if (!Array.isArray(rawCommands)) return { ok: false, reason: 'commands: expected an array of command objects' };
  const known = new Set(model.commands.map((c) => c.type));
  const commands: unknown[] = [];
  for (const [index, rawCommand] of rawCommands.entries()) {
    const where = `commands[${index}]`;
    if (!isRecord(rawCommand) || typeof rawCommand['type'] !== 'string') {
      return { ok: false, reason: `${where}: expected an object with a string "type"` };
    }
    if (!known.has(rawCommand['type'])) {
      return {
        ok: false,
        reason: `${where}: unknown command type "${rawCommand['type']}" for ${systemId} (expected one of: ${[...known].join(', ')})`,
      };
    }
    const command = model.commandSchema.safeParse(rawCommand);
    if (!command.success) return { ok: false, reason: firstIssue(`${where} (${rawCommand['type']})`, command.error) };
    commands.push(command.data);
  }
  const expect = raw['expect'];
  const expectFault = expect === undefined ? undefined : expectationFault(expect);
  if (expectFault !== undefined) return { ok: false, reason: expectFault };
  const title = raw['title'];
  if (title !== undefined && typeof title !== 'string') return { ok: false, reason: 'title: expected a string' };
  return {
    ok: true,
    scenario: {
      system: systemId,
      ...(title === undefined ? {} : { title }),
      setup: setup.data,
      commands: commands as Scenario['commands'],
      ...(expect === undefined ? {} : { expect: expect as Scenario['expect'] & object }),
    },
  };
}

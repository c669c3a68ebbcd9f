/**
 * An in-process target over system models: each session keeps the model's state and answers with its reducer. This
 * is how the bug zoo's wrong implementations run as targets, and a quick way to check a model-shaped implementation
 * (a reducer with `init`, `step` and `observe`) from a client library's own tests.
 */
import type { Command } from '../model/scenario.js';
import type { AnySystemModel, SystemId } from '../model/system.js';
import type { Target, TargetSession, TargetSystem } from './target.js';

/** One system a model target implements: the model, and optionally what it declares of it. */
export interface ModelTargetSystem extends Omit<TargetSystem, 'system'> {
  readonly model: AnySystemModel;
}

/** What a model target is. */
export interface ModelTargetOptions {
  readonly name: string;
  readonly version: string;
  readonly describes: string;
  readonly systems: readonly ModelTargetSystem[];
}

/** One scenario on a model: the state lives in the session. */
function modelSession(model: AnySystemModel, setup: unknown): TargetSession {
  let state = model.init(setup);
  return {
    step: (command: Command) => {
      const result = model.step(state, command);
      state = result.state;
      return result.outcome;
    },
    observe: () => model.observe(state),
    close: () => undefined,
  };
}

/** A target whose systems are answered by models in this process. */
export function modelTarget(options: ModelTargetOptions): Target {
  const byId = new Map<SystemId, AnySystemModel>(options.systems.map((s) => [s.model.id, s.model]));
  return {
    name: options.name,
    version: options.version,
    describes: options.describes,
    systems: options.systems.map(({ model, ...declared }) => ({ system: model.id, ...declared })),
    open: (system, setup) => {
      const model = byId.get(system);
      if (model === undefined) throw new Error(`${options.name} does not implement ${system}`);
      return modelSession(model, setup);
    },
  };
}

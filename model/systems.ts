import type { AnySystemModel } from './system.js';

/** Every modelled system, by id. */
export const systems: ReadonlyMap<string, AnySystemModel> = new Map<string, AnySystemModel>([]);

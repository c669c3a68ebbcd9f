/**
 * What checking a target costs per step. In process: the differential check's lockstep (the model and an in-process
 * target — here the model itself behind the target contract — then the comparison) against the model alone stepping
 * and observing (what a model-only property check does per step), on the same generated scenarios. Over the
 * protocol: a trivial Python target answering every step at once, measuring the round trip (the worker thread, the
 * pipes, JSON both ways); and what a process per scenario would cost instead of one `init`.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { agreementProperty, stepDifference } from '../conformance/agreement-property.js';
import { lockstepSource } from '../conformance/lockstep.js';
import { modelTarget } from '../conformance/model-target.js';
import { protocolTarget } from '../conformance/protocol/protocol-target.js';
import type { AnySystemModel } from '../model/system.js';
import { runSteps } from '../model/trace.js';
import type { Property } from '../properties/property.js';
import type { BenchEntry } from './bench-entry.js';

/** How many scenarios to draw and how long to keep stepping. */
const SCENARIOS = 200;
const MIN_MILLISECONDS = 1000;

/** Steps per second of `pass` (which answers the steps it took), repeated for about `milliseconds`. */
function rate(pass: () => number, milliseconds = MIN_MILLISECONDS): number {
  let steps = 0;
  const started = performance.now();
  while (performance.now() - started < milliseconds) steps += pass();
  return steps / ((performance.now() - started) / 1000);
}

/**
 * The best rates of two passes measured in alternation (five rounds of a fifth of a second each): on a shared
 * machine the best round is the least disturbed, and alternating exposes both passes to the same load.
 */
function bestRates(a: () => number, b: () => number): [number, number] {
  // Warm-up: let the JIT settle on both before timing.
  a();
  b();
  let bestA = 0;
  let bestB = 0;
  for (let round = 0; round < 5; round++) {
    bestA = Math.max(bestA, rate(a, MIN_MILLISECONDS / 5));
    bestB = Math.max(bestB, rate(b, MIN_MILLISECONDS / 5));
  }
  return [bestA, bestB];
}

/**
 * The in-process target's rate as a share of the model's on one system, two ways: the bare loops (lockstep with the
 * comparison against the model stepping and observing), and the checks as `mqspec check` runs them (the differential
 * property on the target against the system's first invariant on the model, both evaluated per scenario).
 */
export function inProcessTargetEntry(model: AnySystemModel, invariant: Property): BenchEntry {
  return {
    name: `${model.id} in-process target / model steps`,
    run: () => {
      const scenarios = fc.sample(invariant.scenarios, { numRuns: SCENARIOS, seed: 1 });
      const stepCount = scenarios.reduce((sum, s) => sum + s.commands.length, 0);
      const modelPass = (): number => {
        let steps = 0;
        for (const s of scenarios) for (const _ of runSteps(model, s.setup, s.commands)) steps++;
        return steps;
      };
      const declared = { system: model.id };
      const source = lockstepSource(modelTarget({ name: 'bench', version: '0', describes: 'the model as a target', systems: [{ model }] }), declared, model);
      const lockstepPass = (): number => {
        let steps = 0;
        for (const s of scenarios) {
          const run = source.runLockstep(s.setup, s.commands);
          for (let next = run.next(); next.done !== true; next = run.next()) {
            stepDifference(model, declared, next.value);
            steps++;
          }
        }
        return steps;
      };
      const agreement = agreementProperty(model, invariant.scenarios, declared);
      const modelCheck = (): number => {
        for (const s of scenarios) invariant.evaluate(s);
        return stepCount;
      };
      const targetCheck = (): number => {
        for (const s of scenarios) agreement.evaluate(s, source);
        return stepCount;
      };
      const [modelOnly, lockstep] = bestRates(modelPass, lockstepPass);
      const [modelChecked, targetChecked] = bestRates(modelCheck, targetCheck);
      return {
        value: Math.round((100 * lockstep) / modelOnly),
        unit: '% of model',
        detail:
          `loops: ${Math.round(lockstep)} lockstep steps/s (model + target + comparison) vs ${Math.round(modelOnly)} model steps/s (step + observe); ` +
          `checks: ${invariant.id.replace(/-.*/, '')}-AGREE on the target ${Math.round(targetChecked)} steps/s vs ${invariant.id} on the model ${Math.round(modelChecked)} steps/s = ${Math.round((100 * targetChecked) / modelChecked)}%; ` +
          `${SCENARIOS} scenarios (seed 1), best of 5 alternating rounds; the target is the model itself, so a lockstep does the model's work twice`,
      };
    },
  };
}

/** The trivial Python target's round trips per second, and the cost of a process per scenario against one `init`. */
export const protocolEchoEntry: BenchEntry = {
  name: 'python echo protocol target steps',
  run: () => {
    const command = `python3 ${join(import.meta.dirname, 'echo_target.py')}`;
    const target = protocolTarget(command);
    let perSecond: number;
    let initMs: number;
    try {
      const session = target.open('rocketmq.filter', {});
      const step = { type: 'hashCode', value: 'TagA' } as const;
      perSecond = rate(() => {
        // (the first round trips also warm the worker and the interpreter up)
        for (let i = 0; i < 1000; i++) session.step(step);
        return 1000;
      });
      const inits = 200;
      const started = performance.now();
      for (let i = 0; i < inits; i++) target.open('rocketmq.filter', {});
      initMs = (performance.now() - started) / inits;
    } finally {
      target.dispose?.();
    }
    const starts = 5;
    const started = performance.now();
    for (let i = 0; i < starts; i++) protocolTarget(command).dispose?.();
    const startMs = (performance.now() - started) / starts;
    return {
      value: Math.round(perSecond),
      unit: 'steps/s',
      detail: `one step = one request line and one answer line; per scenario: init ${initMs.toFixed(2)} ms in one process vs ${startMs.toFixed(0)} ms to start a process and shake hands`,
    };
  },
};

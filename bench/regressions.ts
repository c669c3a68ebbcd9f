/**
 * The bench's regression gate: this run's figures against the committed `reports/bench.json`. `npm run bench` exits
 * 1 when one of these rules breaks, so a change that makes the search or the model markedly slower is seen at once.
 *
 * The rules are meant to be loud for real regressions and quiet for a shared machine's noise:
 * - a hazard's median find + shrink over its seeds more than 2× the previous median *and* more than 20 ms slower (a
 *   median is already robust to one slow seed; 1 ms → 3 ms on a trivial hazard is noise, not a regression);
 * - a hazard found on fewer seeds, or shrunk to a longer median, than before (these are exact: same seeds, same
 *   answer on any machine, so any change is a change of behaviour; if the list of seeds itself changed, the share of
 *   seeds it is found on is compared, so a longer list cannot hide a seed lost);
 * - an explorer's states or transitions per CPU second below half the previous figure (per CPU second, so other
 *   processes on the machine move it little).
 * A hazard or system absent from the previous figures is new, not a regression. A quick run (`--quick`: fewer
 * seeds, shorter searches, a smaller grid) is never compared, nor compared against: its figures measure other work.
 */
import { z } from 'zod';

/** What the gate reads of one hazard's figures. */
export interface HazardFigure {
  readonly id: string;
  readonly found: number;
  readonly seeds: number;
  readonly medianMilliseconds: number;
  /** NaN when it was found on no seed (JSON writes that as null). */
  readonly shrunkMedian: number;
}

/** What the gate reads of one system's explorer figures. */
export interface ExplorerFigure {
  readonly system: string;
  readonly explorer: { readonly statesPerSecond: number; readonly transitionsPerSecond: number; readonly statesRatioToRawSteps?: number };
}

/** The worker speed-ups of one run (shown beside the next run's, not gated: wall time on a shared machine). */
export interface WorkerFigures {
  readonly check: { readonly speedUp: number };
  readonly explore: { readonly speedUp: number };
}

/** The figures of one bench run the gate compares. */
export interface GateFigures {
  readonly quick: boolean;
  readonly hazards: readonly HazardFigure[];
  readonly systems: readonly ExplorerFigure[];
  readonly workers?: WorkerFigures;
}

/**
 * A hazard found on no seed has no shrunk median: NaN in the run, null in its JSON. Reading it back as NaN keeps such a
 * file readable (one hazard lost must not make the whole previous run unreadable and so switch the gate off), and NaN
 * compares false with everything, so the next run's shrunk median is not judged against it.
 */
const noneAsNaN = z
  .number()
  .nullable()
  .transform((x) => x ?? Number.NaN);

const gateFiguresSchema = z.object({
  quick: z.boolean(),
  hazards: z.array(z.looseObject({ id: z.string(), found: z.number(), seeds: z.number(), medianMilliseconds: z.number(), shrunkMedian: noneAsNaN })),
  systems: z.array(z.looseObject({ system: z.string(), explorer: z.looseObject({ statesPerSecond: z.number(), transitionsPerSecond: z.number(), statesRatioToRawSteps: z.number().optional() }) })),
  workers: z.looseObject({ check: z.looseObject({ speedUp: z.number() }), explore: z.looseObject({ speedUp: z.number() }) }).optional(),
});

/** Slower than this many times the previous median… */
export const HAZARD_SLOWDOWN = 2;
/** …and by more than this many milliseconds, counts as a regression. */
export const HAZARD_NOISE_MS = 20;
/** An explorer rate below this fraction of the previous one is a regression. */
export const EXPLORER_FLOOR = 0.5;

/** The previous run's figures from the text of `reports/bench.json`, or a one-line reason why there are none. */
export function previousFigures(text: string | undefined): GateFigures | string {
  if (text === undefined) return 'no previous figures (reports/bench.json is missing)';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'no previous figures (reports/bench.json is not JSON)';
  }
  const parsed = gateFiguresSchema.safeParse(json);
  if (!parsed.success) return 'no previous figures (reports/bench.json is not in the format this bench writes)';
  return parsed.data;
}

/** Whether two runs measured the same work, so that one's figures may be judged (or shown) against the other's. */
export function comparable(previous: Pick<GateFigures, 'quick'>, current: Pick<GateFigures, 'quick'>): boolean {
  return !previous.quick && !current.quick;
}

/** Whether `now` is found on a smaller share of its seeds than `was` (cross-multiplied: exact on integers). */
function foundLess(now: HazardFigure, was: HazardFigure): boolean {
  return now.found * was.seeds < was.found * now.seeds;
}

/** One line per regression of `current` against `previous`; empty when there is none or the runs are not comparable. */
export function regressions(previous: GateFigures, current: GateFigures): string[] {
  if (!comparable(previous, current)) return [];
  const lines: string[] = [];
  const before = new Map(previous.hazards.map((h) => [h.id, h]));
  for (const now of current.hazards) {
    const was = before.get(now.id);
    if (was === undefined) continue;
    if (now.medianMilliseconds > HAZARD_SLOWDOWN * was.medianMilliseconds && now.medianMilliseconds - was.medianMilliseconds > HAZARD_NOISE_MS) {
      lines.push(`${now.id}: find + shrink took ${now.medianMilliseconds} ms (median), more than ${HAZARD_SLOWDOWN}× the previous ${was.medianMilliseconds} ms and over ${HAZARD_NOISE_MS} ms slower`);
    }
    if (foundLess(now, was)) lines.push(`${now.id}: found on ${now.found}/${now.seeds} seeds, previously ${was.found}/${was.seeds}`);
    if (now.shrunkMedian > was.shrunkMedian) lines.push(`${now.id}: shrunk to ${now.shrunkMedian} commands (median), previously ${was.shrunkMedian}`);
  }
  const systemsBefore = new Map(previous.systems.map((s) => [s.system, s.explorer]));
  for (const { system, explorer: now } of current.systems) {
    const was = systemsBefore.get(system);
    if (was === undefined) continue;
    for (const rate of ['statesPerSecond', 'transitionsPerSecond'] as const) {
      if (now[rate] < EXPLORER_FLOOR * was[rate]) lines.push(`${system}: explorer ${rate} ${now[rate]}, below half the previous ${was[rate]}`);
    }
  }
  return lines;
}

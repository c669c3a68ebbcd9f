/**
 * What a verb runs against: the registries it reads and the streams it writes. The bin passes the real ones
 * (process-context.ts); tests pass a fake system and catalog and capture the output.
 */
import pc from 'picocolors';
import type { AnySystemModel } from '../model/system.js';
import type { Property } from '../properties/property.js';
import type { Target } from '../conformance/target.js';

/** A place to write text to. */
export interface Sink {
  write(text: string): void;
  /** True when it is a terminal: progress lines update in place and colour is on (unless NO_COLOR). */
  readonly isTTY: boolean;
}

/** The streams and environment every part of the command line writes to and reads. */
export interface CliStreams {
  readonly stdout: Sink;
  readonly stderr: Sink;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The registries and streams a verb uses. */
export interface CliContext extends CliStreams {
  readonly catalog: readonly Property[];
  readonly systems: ReadonlyMap<string, AnySystemModel>;
  /** The counterexample corpus `check` replays and saves to, and `report` reads, unless `--corpus` names another. */
  readonly corpus: string;
  /** In-process target modules the bin loaded before the verb ran, by the path given to `--target`. */
  readonly targets?: ReadonlyMap<string, Target>;
}

/** The corpus folder of a run from the project: `counterexamples/` in the working directory (DESIGN.md "Layout"). */
export const defaultCorpusFolder = 'counterexamples';

/** The colour functions the formatters use. */
export type Colors = ReturnType<typeof pc.createColors>;

/** Colour for a sink: only on a terminal, and never when NO_COLOR is set to a non-empty value (no-color.org). */
export function colorsFor(sink: Sink, env: CliStreams['env']): Colors {
  const noColor = env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '';
  return pc.createColors(sink.isTTY && !noColor);
}

/** Text written to a capturing sink. */
export interface CapturedSink extends Sink {
  readonly text: () => string;
}

/** A sink that keeps what is written (for tests and for callers that want the output as a string). */
export function captureSink(isTTY = false): CapturedSink {
  const chunks: string[] = [];
  return { write: (text) => void chunks.push(text), isTTY, text: () => chunks.join('') };
}

/**
 * `mqspec trace FILE`: checks a history of real clients in a consumer group (docs/histories.md) — from mqspec's
 * real-client runs or a user's own instrumented application — with the checks of real/kafka/kafka-trace-checks.ts.
 * Exit 0 when nothing is flagged (violations that follow a broker artifact are listed as excluded), 1 when a check
 * flags something, 2 (one line) when the file is missing or malformed.
 */
import { readFileSync } from 'node:fs';
import { MalformedHistory, parseKafkaHistory } from '../../real/histories/kafka-history.js';
import { checkKafkaHistory, kafkaTraceChecks, type TraceVerdict } from '../../real/kafka/kafka-trace-checks.js';
import { colorsFor, type CliStreams } from '../context.js';
import { ExitCode } from '../exit-code.js';
import { UsageError } from '../usage-error.js';

/** The options of `mqspec trace`. */
export interface TraceOptions {
  readonly json?: boolean;
}

/** The verdict as text: one line per check, then each violation with its history line. */
function formatVerdict(file: string, verdict: TraceVerdict, lines: readonly number[], streams: CliStreams): string {
  const c = colorsFor(streams.stdout, streams.env);
  const out: string[] = [];
  for (const check of kafkaTraceChecks) {
    const found = verdict.violations.filter((v) => v.check === check);
    const counted = found.filter((v) => v.excludedBy === undefined);
    const status = counted.length > 0 ? c.red('FAILED  ') : c.green('ok      ');
    out.push(`${status}${check}${found.length > counted.length ? ` (${found.length - counted.length} excluded)` : ''}`);
    for (const v of found) {
      const where = `${file}:${lines[v.at] ?? v.at + 2}`;
      out.push(`  ${v.excludedBy === undefined ? '' : 'excluded  '}${v.kind}  ${v.message}  (${where})${v.excludedBy === undefined ? '' : ` — after broker artifact ${v.excludedBy}`}`);
    }
  }
  out.push(`settled groups judged: ${verdict.stableMarkers}; duplicate deliveries: ${verdict.duplicates}`);
  for (const error of verdict.errors) out.push(`client error: ${error}`);
  const counted = verdict.violations.filter((v) => v.excludedBy === undefined).length;
  out.push(counted === 0 ? 'no violations' : `${counted} violation${counted === 1 ? '' : 's'}`);
  return out.join('\n') + '\n';
}

/** Checks FILE. */
export function traceCommand(file: string, options: TraceOptions, streams: CliStreams): ExitCode {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let history;
  try {
    history = parseKafkaHistory(text, file);
  } catch (error) {
    if (error instanceof MalformedHistory) throw new UsageError(error.message);
    throw error;
  }
  const verdict = checkKafkaHistory(history);
  if (options.json === true) streams.stdout.write(`${JSON.stringify({ file, ...verdict })}\n`);
  else streams.stdout.write(formatVerdict(file, verdict, history.lines ?? [], streams));
  return verdict.violations.some((v) => v.excludedBy === undefined) ? ExitCode.failed : ExitCode.ok;
}

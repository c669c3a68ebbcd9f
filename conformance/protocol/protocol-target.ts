/**
 * A target in any language: a program speaking the JSON-lines protocol (docs/protocol.md) on stdin/stdout. One
 * process serves the whole check — `hello` once, then `init` per scenario, `step` per command, `observe` after each
 * step (unless it declares no fields) — because starting a process per scenario costs far more than an `init` (see
 * the bench). Anything but a well-formed answer in time — a hang, a line that is not JSON, an answer of the wrong
 * shape, `{"ok":false}`, an exit, a flood — is a TargetFailure with the request and the tail of stderr, after which
 * the program's whole process group is killed.
 */
import type { z } from 'zod';
import type { Command } from '../../model/scenario.js';
import { isRecord } from '../../model/json.js';
import type { SystemId } from '../../model/system.js';
import { TargetFailure } from '../../properties/target-failure.js';
import type { Target, TargetSession, TargetSystem } from '../target.js';
import { ChildChannel, type ChannelFault } from './child-channel.js';
import { splitCommandLine } from './command-line.js';
import {
  doneAnswerSchema,
  helloAnswerSchema,
  helloKeys,
  observeAnswerSchema,
  protocolVersion,
  refusalSchema,
  stepAnswerSchema,
  type ProtocolRequest,
} from './protocol-messages.js';

/** The default per-request timeout (`--timeout`). */
export const defaultTimeoutMilliseconds = 2000;

/** The target name prefix of protocol targets: `exec:` and the command line. */
export const execPrefix = 'exec:';

/** Options of a protocol target. */
export interface ProtocolTargetOptions {
  /** Per-request timeout in milliseconds. */
  readonly timeout?: number;
  /** The working directory of the program (default: mqspec's). */
  readonly cwd?: string;
  /** The longest answer line accepted, in bytes (default 1 MiB). */
  readonly maxLineBytes?: number;
  /** The name to store counterexamples under (default: `exec:` and the command line). */
  readonly name?: string;
}

/** A protocol target also says which program it runs. */
export interface ProtocolTarget extends Target {
  /** The program's pid (the leader of its process group). */
  readonly pid: number;
  /** What the program called itself in `hello`. */
  readonly helloName: string;
}

/** A fault in words. */
function describeFault(fault: ChannelFault): string {
  switch (fault.kind) {
    case 'timeout':
      return `no answer within ${fault.milliseconds} ms (the target hangs)`;
    case 'exit':
      return `the target exited (${fault.signal === null ? `code ${String(fault.code)}` : `signal ${fault.signal}`})`;
    case 'flood':
      return `the target wrote ${fault.bytes} bytes on one line without ending it, more than the 1 MiB an answer may have (flooding stdout)`;
    case 'unrequested':
      return `the target wrote a line nobody asked for: ${shorten(fault.text)}`;
    case 'closed':
      return 'the target was already stopped after an earlier failure';
  }
}

/** A line cut for a message. */
function shorten(text: string, max = 120): string {
  return JSON.stringify(text.length <= max ? text : `${text.slice(0, max)}…`);
}

/** Starts the program and shakes hands; throws SpawnError when it cannot start, TargetFailure when it fails. */
export function protocolTarget(commandLine: string, options: ProtocolTargetOptions = {}): ProtocolTarget {
  const argv = splitCommandLine(commandLine);
  const timeout = options.timeout ?? defaultTimeoutMilliseconds;
  const channel = new ChildChannel(argv, { ...(options.cwd === undefined ? {} : { cwd: options.cwd }), ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }) });

  /** Fails: kills the process group first, so nothing is left whatever the caller does next. */
  const fail = (request: ProtocolRequest, message: string): never => {
    const stderr = channel.stderrTail();
    channel.kill();
    throw new TargetFailure(`${request.op}: ${message}`, { request, stderr });
  };

  /** An answer line validated against `schema`, or the failure of `request`. */
  const validate = <T>(request: ProtocolRequest, answer: ReturnType<ChildChannel['request']>, schema: z.ZodType<T>): T => {
    if (!answer.ok) return fail(request, describeFault(answer.fault));
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.line);
    } catch {
      return fail(request, `the target answered a line that is not JSON: ${shorten(answer.line)}`);
    }
    // Checked by hand before zod: this runs on every answer, and most answers are not refusals.
    if (isRecord(parsed) && parsed['ok'] === false) {
      const refusal = refusalSchema.safeParse(parsed);
      if (refusal.success) return fail(request, `the target refused: ${refusal.data.error}`);
    }
    const valid = schema.safeParse(parsed);
    if (!valid.success) {
      const issue = valid.error.issues[0];
      const where = issue === undefined ? '' : `${issue.path.join('.') || '(root)'}: ${issue.message}; `;
      return fail(request, `the answer has the wrong shape (${where}got ${shorten(answer.line)})`);
    }
    return valid.data;
  };

  /** One request and its answer, validated against `schema`. */
  const ask = <T>(request: ProtocolRequest, schema: z.ZodType<T>, milliseconds = timeout): T =>
    validate(request, channel.request(JSON.stringify(request), milliseconds), schema);

  // The handshake may take longer than a step: the program (an interpreter, a JVM) is starting.
  const hello = ask({ op: 'hello', protocol: protocolVersion }, helloAnswerSchema, Math.max(timeout, 10_000));
  const unknownKey = Object.keys(hello).find((key) => !(helloKeys as readonly string[]).includes(key));
  if (unknownKey !== undefined) fail({ op: 'hello', protocol: protocolVersion }, `hello's answer has an unknown key "${unknownKey}" (known: ${helloKeys.join(', ')})`);
  // Kept whole, unknown keys included: checking the target refuses those with the list of known ones.
  const systems = hello.systems.map((s) => ({ ...s, system: s.system as SystemId }) as TargetSystem);

  // With observations to show, each `step` is followed by an `observe`: both lines go in one write, saving a round
  // trip per step (the target still reads and answers them one by one, in order).
  const observeRequest: ProtocolRequest = { op: 'observe' };
  const observeLine = JSON.stringify(observeRequest);
  let observeAhead = false;
  const takeObservation = (): unknown => {
    observeAhead = false;
    return validate(observeRequest, channel.receive(timeout), observeAnswerSchema).observation;
  };
  const observing = (system: SystemId): boolean => {
    const fields = systems.find((s) => s.system === system)?.fields;
    return fields === undefined || fields.length > 0;
  };
  let current: SystemId | undefined;

  const session: TargetSession = {
    step: (command: Command) => {
      const request: ProtocolRequest = { op: 'step', command };
      if (observeAhead) takeObservation();
      const ahead = current !== undefined && observing(current) ? [observeLine] : [];
      const answer = channel.request(JSON.stringify(request), timeout, ahead);
      observeAhead = ahead.length > 0;
      return validate(request, answer, stepAnswerSchema).outcome;
    },
    observe: () => (observeAhead ? takeObservation() : ask(observeRequest, observeAnswerSchema).observation),
    close: () => undefined,
  };

  return {
    name: options.name ?? `${execPrefix}${commandLine}`,
    version: hello.version,
    describes: `${hello.name} ${hello.version} over the JSON-lines protocol (${commandLine})`,
    systems,
    pid: channel.pid,
    helloName: hello.name,
    open: (system: SystemId, setup: unknown) => {
      // An observation requested ahead that nobody took (a run abandoned after a step) is collected first.
      if (observeAhead) takeObservation();
      ask({ op: 'init', system, setup }, doneAnswerSchema);
      current = system;
      return session;
    },
    dispose: () => {
      // A polite close (its answer does not matter any more; skipped while an observation is still due), then the
      // whole group goes whatever the program did.
      if (!observeAhead) channel.request(JSON.stringify({ op: 'close' }), Math.min(timeout, 500));
      channel.endInput(200);
      channel.kill();
    },
  };
}

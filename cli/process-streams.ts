/** The process's own streams and environment, as the bin's verbs write to them. */
import type { CliStreams, Sink } from './context.js';

/** A sink over a Node stream. */
function streamSink(stream: NodeJS.WriteStream): Sink {
  return { write: (text) => void stream.write(text), isTTY: stream.isTTY === true };
}

/** The process's stdout, stderr and environment. */
export function processStreams(): CliStreams {
  return { stdout: streamSink(process.stdout), stderr: streamSink(process.stderr), env: process.env };
}

/**
 * Writing a file so that readers never see half of it and an existing file is never replaced: the text goes to a
 * temporary file in the same folder (named `.<name>.<pid>-<random>.tmp`, so nothing that lists `*.json` picks it
 * up), is flushed to disk, and is then published under its name with a hard link, which fails instead of replacing
 * a file that appeared meanwhile (a plain rename would silently replace it). Where the file system has no hard
 * links, it falls back to a rename after checking that the name is free. A crash before publishing leaves only the
 * temporary file; Ctrl-C (SIGINT, SIGTERM, SIGHUP) is held off from its creation to its removal, so an interrupted
 * run leaves none.
 */
import { closeSync, existsSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** What publishing found: the file is new, or a file of that name was already there (same or different text). */
export type AtomicWriteResult = 'written' | 'identical' | 'different';

/** The file operations the writer uses; tests replace them to simulate a crash or a file system without links. */
export interface FileOps {
  /** Creates `path` (failing if it exists), writes `text` and flushes it to disk. */
  writeNew(path: string, text: string): void;
  /** Publishes `from` under `to` without replacing anything: throws EEXIST when `to` exists. */
  link(from: string, to: string): void;
  rename(from: string, to: string): void;
  exists(path: string): boolean;
  read(path: string): string;
  /** Removes a file; a missing file is not an error. */
  remove(path: string): void;
}

/** The real file system. */
export const nodeFileOps: FileOps = {
  writeNew: (path, text) => {
    const fd = openSync(path, 'wx');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  },
  link: (from, to) => linkSync(from, to),
  rename: (from, to) => renameSync(from, to),
  exists: (path) => existsSync(path),
  read: (path) => readFileSync(path, 'utf8'),
  remove: (path) => {
    try {
      unlinkSync(path);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
    }
  },
};

/** Error codes of file systems that cannot make hard links. */
const noHardLinks: ReadonlySet<string> = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EINVAL']);

/** A Node error's `code`, if any. */
function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** The temporary file beside `path`: hidden, unique to this process and call, never ending in the target's extension. */
export function temporaryPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

/** `identical` or `different`, comparing the file already at `path` with `text`. */
function compareExisting(path: string, text: string, ops: FileOps): AtomicWriteResult {
  return ops.read(path) === text ? 'identical' : 'different';
}

/** Publishes the temporary file under `path` unless a file of that name exists. */
function publish(temp: string, path: string, text: string, ops: FileOps): AtomicWriteResult {
  try {
    ops.link(temp, path);
    return 'written';
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return compareExisting(path, text, ops);
    if (!noHardLinks.has(errorCode(error) ?? '')) throw error;
  }
  if (ops.exists(path)) return compareExisting(path, text, ops);
  ops.rename(temp, path);
  return 'written';
}

/**
 * Writes `text` to `path` atomically unless a file of that name exists, which is never replaced: answers `written`,
 * or `identical` / `different` for what was already there. The folder must exist.
 */
export function writeFileAtomically(path: string, text: string, ops: FileOps = nodeFileOps): AtomicWriteResult {
  if (ops.exists(path)) return compareExisting(path, text, ops);
  const temp = temporaryPathFor(path);
  return withTerminationDeferred(() => {
    ops.writeNew(temp, text);
    try {
      return publish(temp, path, text, ops);
    } finally {
      ops.remove(temp);
    }
  });
}

/** The signals that end a process by default when someone interrupts it (Ctrl-C, `kill`, a closed terminal). */
const terminationSignals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** A listener that does nothing: while it is installed, a termination signal no longer ends the process. */
function holdOff(): void {}

/**
 * Runs `critical` (from creating the temporary file to removing it) so that Ctrl-C cannot end the process half-way
 * and leave the temporary file behind. Node offers no way to block a signal and deliver it later: a signal that
 * arrives in these few milliseconds is dropped (press Ctrl-C again); one that arrives at any other time ends the
 * process at once, as before.
 */
function withTerminationDeferred<T>(critical: () => T): T {
  for (const signal of terminationSignals) process.on(signal, holdOff);
  try {
    return critical();
  } finally {
    for (const signal of terminationSignals) process.off(signal, holdOff);
  }
}

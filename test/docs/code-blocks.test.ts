/**
 * Every fenced code block of the README and docs/ is checked, so that what a newcomer copies works: JSON parses and,
 * where it is a protocol message or a scenario, is valid by the schema mqspec validates it with; every mqspec
 * command line (in sh and output blocks) parses with the real command-line definition, naming a verb and only
 * options it has, and the files it names exist; every npm script named exists. TypeScript blocks are compiled under
 * --strict and run in a user's project by test/package/installed-package.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureSink } from '../../cli/context.js';
import { ExitCode } from '../../cli/exit-code.js';
import { runProgram, type Verbs } from '../../cli/program-definition.js';
import { doneAnswerSchema, helloAnswerSchema, observeAnswerSchema, refusalSchema, requestSchemas, stepAnswerSchema } from '../../conformance/protocol/protocol-messages.js';
import { splitCommandLine } from '../../conformance/protocol/command-line.js';
import { systems } from '../../model/systems.js';
import { parseScenarioDocument } from '../../properties/scenario-files.js';
import { docCodeBlocks, repository, type DocCodeBlock } from '../support/doc-code-blocks.js';

const blocks = docCodeBlocks();
const where = (block: DocCodeBlock): string => `${block.file}:${block.line}`;

/** The JSON values of a block: the whole block, or one per line (a request and its answer, a command and its outcome). */
function jsonValues(block: DocCodeBlock): unknown[] {
  try {
    return [JSON.parse(block.body) as unknown];
  } catch {
    return block.body.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as unknown);
  }
}

/** Why a JSON value is not valid by the schema its shape says it follows, or undefined. */
function schemaProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record['op'] === 'string') {
    const schema = (requestSchemas as Record<string, (typeof requestSchemas)[keyof typeof requestSchemas] | undefined>)[record['op']];
    if (schema === undefined) return `unknown request op ${record['op']}`;
    return schema.safeParse(value).success ? undefined : `not a valid ${record['op']} request`;
  }
  if (typeof record['system'] === 'string' && Array.isArray(record['commands'])) {
    const parsed = parseScenarioDocument(value, systems);
    return 'reason' in parsed ? String(parsed.reason) : undefined;
  }
  if (record['ok'] === false && 'error' in record && Object.keys(record).length === 2) return refusalSchema.safeParse(value).success ? undefined : 'not a valid refusal';
  if (record['ok'] === true && 'systems' in record) return helloAnswerSchema.safeParse(value).success ? undefined : 'not a valid hello answer';
  if (record['ok'] === true && 'outcome' in record) return stepAnswerSchema.safeParse(value).success ? undefined : 'not a valid step answer';
  if (record['ok'] === true && 'observation' in record) return observeAnswerSchema.safeParse(value).success ? undefined : 'not a valid observe answer';
  if (record['ok'] === true && Object.keys(record).length === 1) return doneAnswerSchema.safeParse(value).success ? undefined : 'not a valid answer';
  return undefined;
}

/** The mqspec invocations of a block, each as its arguments after the program (`check --system …`). */
function mqspecLines(block: DocCodeBlock): string[][] {
  const lines: string[][] = [];
  for (const raw of block.body.split('\n')) {
    // A prompt, a trailing comment, a CI step's `- run:` and its matrix expressions (`${{ matrix.shard }}`) are not the
    // command's, nor is a redirection of its output (`--json > results/check.json`): the shell takes those.
    const line = raw
      .replace(/^\s*\$\s+/, '')
      .replace(/^\s*-\s*run:\s*/, '')
      .replace(/\$\{\{[^}]*\}\}/g, '1')
      .replace(/\s+#\s.*$/, '')
      .replace(/\s+\d?>\s*\S+$/, '')
      .trim();
    const match = /^(?:.*&&\s*)?(?:npx mqspec|npm run mqspec --|node dist\/cli\/mqspec\.js|mqspec)\s+(.*)$/.exec(line);
    if (match?.[1] !== undefined && !line.startsWith('mqspec:')) lines.push(splitCommandLine(match[1]));
  }
  return lines;
}

/** Runs the real command-line definition with verbs that only record their call: the verb, or the usage error. */
function parseCommandLine(args: readonly string[]): { verb?: string; stderr: string } {
  const stderr = captureSink();
  let verb: string | undefined;
  const record = (name: string) => (): ExitCode => {
    verb = name;
    return ExitCode.ok;
  };
  const verbs: Verbs = { list: record('list'), check: record('check'), targets: record('targets'), explore: record('explore'), merge: record('merge'), replay: record('replay'), report: record('report'), trace: record('trace'), run: record('run') };
  runProgram(args, { stdout: captureSink(), stderr, env: {} }, verbs);
  return { ...(verb === undefined ? {} : { verb }), stderr: stderr.text() };
}

/** A file a command line names that a reader would find: in the repository, or (a copied example) in conformance/examples. */
function fileExists(word: string): boolean {
  return existsSync(join(repository, word)) || existsSync(join(repository, 'conformance/examples', basename(word)));
}

describe('the code blocks of the README and docs/', () => {
  it('are found: every page with blocks, every language the checks below know', () => {
    expect(blocks.length).toBeGreaterThan(50);
    expect(new Set(blocks.map((b) => b.lang))).toEqual(new Set(['sh', '', 'json', 'ts', 'yaml', 'text']));
  });

  for (const block of blocks.filter((b) => b.lang === 'json')) {
    it(`${where(block)} (json) parses and fits its schema`, () => {
      const values = jsonValues(block);
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) expect(schemaProblem(value), JSON.stringify(value).slice(0, 200)).toBeUndefined();
    });
  }

  const commandBlocks = blocks.filter((b) => b.lang !== 'json' && b.lang !== 'ts' && mqspecLines(b).length > 0);
  for (const block of commandBlocks) {
    it(`${where(block)} (${block.lang || 'plain'}): each mqspec command line parses, and the files it names exist`, () => {
      for (const args of mqspecLines(block)) {
        const parsed = parseCommandLine(args);
        expect(parsed.stderr, args.join(' ')).toBe('');
        expect(parsed.verb, args.join(' ')).toBe(args[0]);
        for (const word of args.flatMap((a) => splitCommandLine(a))) {
          // A glob (`results/*/check.json`) names the files a campaign writes, not files of the repository.
          if (/\.(py|mjs|json)$/.test(word) && !word.startsWith('counterexamples/') && !word.includes('*')) expect(fileExists(word), `${args.join(' ')}: ${word}`).toBe(true);
        }
      }
    });
  }

  it('name only npm scripts package.json has', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(join(repository, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
    const named = blocks.flatMap((b) => [...b.body.matchAll(/npm run ([\w:-]+)/g)].map((m) => [where(b), m[1] ?? ''] as const));
    expect(named.length).toBeGreaterThan(0);
    for (const [at, script] of named) expect(scripts, `${at}: npm run ${script}`).toContain(script);
  });

  it('the mqspec command lines checked are many, and a wrong one would be caught', () => {
    expect(commandBlocks.flatMap(mqspecLines).length).toBeGreaterThanOrEqual(10);
    expect(parseCommandLine(['check', '--sytem', 'rocketmq.filter']).stderr).toMatch(/^mqspec: unknown option '--sytem'/);
    expect(parseCommandLine(['chek']).verb).toBeUndefined();
  });
});

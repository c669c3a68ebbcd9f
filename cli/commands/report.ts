/**
 * `mqspec report`: writes the edge-case report — `edge-cases.md` (Markdown with Mermaid diagrams) and `index.html`
 * (one static offline page with inline SVG) — from the counterexample corpus and a fixed-seed check run of the
 * catalog (for coverage, and for hazards the corpus does not hold yet). The output is deterministic for a given
 * corpus, catalog and seed.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryPathFor } from '../../properties/corpus/write-file-atomically.js';
import { buildReport, defaultReportFolder } from '../../reports/build-report.js';
import type { CliContext } from '../context.js';
import { ExitCode } from '../exit-code.js';
import { resolveSeed } from './check.js';

/** The options of `mqspec report`. */
export interface ReportOptions {
  /** The output folder (default `reports`). */
  readonly out?: string;
  readonly corpus?: string;
  readonly seed?: string;
  readonly json?: boolean;
}

/** What `mqspec report --json` prints. */
export interface ReportDocument {
  readonly seed: number;
  readonly files: readonly string[];
  /** Each hazard with where its counterexample comes from: a corpus file, `generated` by the run, or none. */
  readonly hazards: readonly { readonly id: string; readonly status: string; readonly source: string | null }[];
  readonly warnings: readonly string[];
}

/** Replaces a file by writing a temporary one beside it and renaming it, so a reader never sees half of it. */
function replaceFile(path: string, text: string): void {
  const temp = temporaryPathFor(path);
  writeFileSync(temp, text);
  renameSync(temp, path);
}

/** Writes the report; exit 0 (a hazard not found is reported in the documents; `check` is what fails on it). */
export function reportCommand(options: ReportOptions, context: CliContext): ExitCode {
  const seed = resolveSeed(options.seed, context.env);
  const folder = options.out ?? defaultReportFolder;
  const { report, files } = buildReport({ catalog: context.catalog, systems: context.systems, corpus: options.corpus ?? context.corpus, seed, out: folder });
  for (const warning of report.warnings) context.stderr.write(`mqspec: warning: ${warning}\n`);
  mkdirSync(folder, { recursive: true });
  const written = [join(folder, 'edge-cases.md'), join(folder, 'index.html')];
  replaceFile(written[0] ?? '', files.markdown);
  replaceFile(written[1] ?? '', files.html);
  if (options.json === true) {
    const document: ReportDocument = {
      seed,
      files: written,
      hazards: report.hazards.map((h) => ({
        id: h.id,
        status: h.status,
        source: h.example === undefined ? null : h.example.source.kind === 'corpus' ? h.example.source.file : 'generated',
      })),
      warnings: report.warnings,
    };
    context.stdout.write(JSON.stringify(document, null, 2) + '\n');
  } else {
    const shown = report.hazards.filter((h) => h.example !== undefined).length;
    context.stdout.write(`wrote ${written.join(' and ')}: ${shown} of ${report.hazards.length} hazards with a counterexample (seed ${seed})\n`);
  }
  return ExitCode.ok;
}

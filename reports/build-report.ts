/**
 * The whole report in memory: load the corpus, run the catalog with a fixed seed, build the report and render both
 * documents. `mqspec report` writes them; the staleness test compares them with the committed files.
 */
import { agreementCatalog } from '../conformance/target-properties.js';
import type { AnySystemModel } from '../model/system.js';
import { loadCorpus } from '../properties/corpus/load-corpus.js';
import type { Property } from '../properties/property.js';
import { coverageRun, edgeCaseReport, type EdgeCaseReport } from './edge-case-report.js';
import { edgeCasesHtml } from './html/edge-cases-html.js';
import { edgeCasesMarkdown } from './markdown/edge-cases-markdown.js';

/** The folder the report is written to by default (DESIGN.md "Layout"). */
export const defaultReportFolder = 'reports';

/** The two documents of a report. */
export interface ReportFiles {
  /** `edge-cases.md`. */
  readonly markdown: string;
  /** `index.html`. */
  readonly html: string;
}

/** What the report is built from. */
export interface BuildReportOptions {
  readonly catalog: readonly Property[];
  readonly systems: ReadonlyMap<string, AnySystemModel>;
  /** The corpus folder, named as the documents should name its files (relative to the working directory). */
  readonly corpus: string;
  /** The base seed of the coverage run. */
  readonly seed: number;
  /** The folder the documents go to, for the Markdown's relative links (default `reports`). */
  readonly out?: string;
}

/** Builds the report and renders both documents. */
export function buildReport(options: BuildReportOptions): { readonly report: EdgeCaseReport; readonly files: ReportFiles } {
  // Counterexamples found on targets share the corpus; they name the differential properties, which are known here
  // (and left out of the report, which documents the model).
  const corpus = loadCorpus(options.corpus, options.systems, [...options.catalog, ...agreementCatalog(options.systems, options.catalog)]);
  const results = coverageRun(options.catalog, options.seed);
  const report = edgeCaseReport({ catalog: options.catalog, systems: options.systems, corpus, seed: options.seed, results });
  const markdown = edgeCasesMarkdown(report, { folder: options.out ?? defaultReportFolder });
  return { report, files: { markdown, html: edgeCasesHtml(report) } };
}

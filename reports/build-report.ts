/**
 * The whole report in memory: load the corpus, run the catalog with a fixed seed, build the report and render both
 * documents. `mqspec report` writes them; the staleness test compares them with the committed files.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot } from '../conformance/package-root.js';
import { loadExpectations, type Expectations } from '../conformance/expectations.js';
import { agreementCatalog } from '../conformance/target-properties.js';
import { bundledTargets } from '../conformance/targets.js';
import type { Scenario } from '../model/scenario.js';
import type { AnySystemModel } from '../model/system.js';
import { loadCorpus } from '../properties/corpus/load-corpus.js';
import type { Property } from '../properties/property.js';
import { coverageRun, edgeCaseReport, type EdgeCaseReport, type LibraryFindingInput } from './edge-case-report.js';
import { edgeCasesHtml } from './html/edge-cases-html.js';
import { edgeCasesMarkdown } from './markdown/edge-cases-markdown.js';
import { scriptFile } from '../conformance/repro/script-file.js';
import { loadRealClientsResults } from './real-clients-section.js';

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
  /** The bundled libraries' expectations (default: conformance/expectations.json). */
  readonly expectations?: Expectations;
  /** The real-client campaign's results (default: reports/real-clients.json, where `mqspec run` writes them). */
  readonly realClients?: string;
}

/**
 * The bundled libraries' divergences and failures as conformance/expectations.json records them, each with its stored
 * counterexample (read from the corpus folder's parent, where the file names start).
 */
export function libraryFindings(expectations: Expectations, corpusFolder: string): LibraryFindingInput[] {
  const versions = new Map(bundledTargets.map((t) => [t.name, t.version]));
  const base = path.dirname(path.resolve(corpusFolder));
  const findings: LibraryFindingInput[] = [];
  for (const [target, cells] of Object.entries(expectations.targets)) {
    for (const [property, cell] of Object.entries(cells)) {
      if (cell.status === 'agrees' || cell.status === 'not-applicable') continue;
      const stored = cell.counterexample === undefined ? undefined : readCounterexample(path.join(base, cell.counterexample), cell.counterexample);
      findings.push({
        target,
        library: versions.get(target) ?? target,
        property,
        status: cell.status,
        judgement: cell.judgement ?? '',
        reproduction: reproductionLine(target, property, cell.reproduction) + (cell.upstream === undefined ? '' : `; upstream: ${cell.upstream}`),
        ...(stored === undefined ? {} : { counterexample: stored }),
      });
    }
  }
  return findings;
}

/** A stored counterexample's scenario, step and message (undefined when the file is missing or not a record). */
/** What a finding's reproduction shows, in words, with its script (repros/<target>/<key>.mjs|py) when there is one. */
function reproductionLine(target: string, key: string, shown: 'library' | 'artifact' | undefined): string {
  const script = (['mjs', 'py'] as const).map((ext) => scriptFile(target, key, ext)).find((file) => existsSync(path.join(packageRoot(), file)));
  if (script === undefined || shown === undefined) return 'no public-API reproduction (repros/README.md says why)';
  return `${script} exits ${shown === 'library' ? '1: the library behaves so' : '0: not in the library, an adapter artifact'}`;
}

function readCounterexample(file: string, name: string): LibraryFindingInput['counterexample'] {
  if (!existsSync(file)) return undefined;
  const record = JSON.parse(readFileSync(file, 'utf8')) as { scenario?: Scenario; step?: number; message?: string };
  if (record.scenario === undefined || typeof record.step !== 'number' || typeof record.message !== 'string') return undefined;
  return { file: name, scenario: record.scenario, step: record.step, message: record.message };
}

/** Builds the report and renders both documents. */
export function buildReport(options: BuildReportOptions): { readonly report: EdgeCaseReport; readonly files: ReportFiles } {
  // Targets' counterexamples (the differential properties) share the corpus: known, shown with the findings.
  const corpus = loadCorpus(options.corpus, options.systems, [...options.catalog, ...agreementCatalog(options.systems, options.catalog)]);
  const results = coverageRun(options.catalog, options.seed);
  const findings = libraryFindings(options.expectations ?? loadExpectations(), options.corpus);
  const report = edgeCaseReport({ catalog: options.catalog, systems: options.systems, corpus, seed: options.seed, results, findings });
  const realClients = loadRealClientsResults(options.realClients ?? path.join(defaultReportFolder, 'real-clients.json'));
  const markdown = edgeCasesMarkdown(report, { folder: options.out ?? defaultReportFolder, realClients });
  return { report, files: { markdown, html: edgeCasesHtml(report, realClients) } };
}

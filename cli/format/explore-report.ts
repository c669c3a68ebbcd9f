/**
 * The text `mqspec explore` prints: the search's figures on a few lines, then one row per property with its
 * verdict in the scope, the shortest counterexample's length next to the generated one's, and where it was saved;
 * then each shortest counterexample as a replayable scenario.
 */
import type { ExploreDocument } from '../commands/explore.js';
import { renderTable } from './table.js';

/** A count grouped for reading. */
const count = (n: number): string => n.toLocaleString('en-US');

/** The figures of the search in two lines. */
function figures(doc: ExploreDocument): string {
  const r = doc.result;
  const how = r.exhausted
    ? `exhausted: no new state after depth ${r.depthCompleted}`
    : r.stopped === 'depth'
      ? `complete to depth ${r.depthCompleted} (the scope's bound), not exhausted`
      : `stopped (${r.stopped ?? '?'}) with depth ${r.depthCompleted} complete, not exhausted`;
  return (
    `explore ${r.system}, scope ${r.scope}${r.symmetry ? ' (symmetry reduced)' : ''}, setups ${r.setups.join(', ')}: ${doc.summary}\n` +
    `${count(r.states)} distinct states, ${count(r.transitions)} transitions, ${how}; ` +
    `${(r.milliseconds / 1000).toFixed(1)} s (${(r.cpuMilliseconds / 1000).toFixed(1)} s CPU), ${count(doc.statesPerSecond)} states/s, heap ${Math.round(r.heapBytes / 2 ** 20)} MiB, RSS ${Math.round(r.rssBytes / 2 ** 20)} MiB\n`
  );
}

/** The report of an exploration. */
export function exploreReport(doc: ExploreDocument): string {
  const columns = [{ header: 'property' }, { header: 'kind' }, { header: 'in scope' }, { header: 'shortest', align: 'right' as const }, { header: 'generated', align: 'right' as const }, { header: 'saved' }];
  const rows = doc.verdicts.map((v) => [
    v.id,
    v.kind,
    v.status,
    v.shortest === undefined ? '' : String(v.shortest.length),
    v.generatedLength === undefined ? '' : String(v.generatedLength),
    v.saved === undefined ? '' : `${v.saved.status} ${v.saved.path}`,
  ]);
  const details = doc.verdicts.flatMap((v) =>
    v.shortest === undefined ? [] : [`${v.id}: ${v.shortest.message}\n  ${JSON.stringify(v.shortest.scenario)}`],
  );
  return `${figures(doc)}\n${renderTable(columns, rows)}${details.length === 0 ? '' : `\n${details.join('\n')}\n`}`;
}

/** How far a search got, in a few words. */
function extent(doc: ExploreDocument): string {
  const r = doc.result;
  if (r.exhausted) return `exhausted at depth ${r.depthCompleted}`;
  return r.stopped === 'depth' ? `complete to depth ${r.depthCompleted}` : `stopped (${r.stopped ?? '?'}) at depth ${r.depthCompleted}`;
}

/** One row per system explored by `mqspec explore --all`, and a closing line. */
export function exploreSummary(docs: readonly ExploreDocument[]): string {
  const columns = [
    { header: 'system' },
    { header: 'states', align: 'right' as const },
    { header: 'transitions', align: 'right' as const },
    { header: 'search' },
    { header: 's', align: 'right' as const },
    { header: 'invariants held' },
    { header: 'hazards found' },
  ];
  const rows = docs.map((doc) => {
    const invariants = doc.verdicts.filter((v) => v.kind === 'invariant');
    const hazards = doc.verdicts.filter((v) => v.kind === 'hazard');
    return [
      doc.result.system,
      count(doc.result.states),
      count(doc.result.transitions),
      extent(doc),
      (doc.result.milliseconds / 1000).toFixed(1),
      `${invariants.filter((v) => v.status === 'held').length}/${invariants.length}`,
      `${hazards.filter((v) => v.status === 'found').length}/${hazards.length}`,
    ];
  });
  const violated = docs.flatMap((d) => d.verdicts.filter((v) => v.status === 'violated').map((v) => v.id));
  const closing = violated.length === 0 ? 'no invariant violated in any scope' : `invariants violated: ${violated.join(', ')}`;
  return `${renderTable(columns, rows)}${closing}\n`;
}

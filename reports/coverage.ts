/** A property's coverage as report rows: each label with the number and share of generated runs that reached it. */
import type { PropertyResult } from '../properties/check-property.js';

/** One coverage label. */
export interface CoverageRow {
  readonly label: string;
  readonly runs: number;
  /** runs / the property's runs, in [0, 1]. */
  readonly share: number;
}

/** The rows of one result, in label order (as the check sorted them). */
export function coverageRows(result: Pick<PropertyResult, 'coverage' | 'runs'>): CoverageRow[] {
  return Object.entries(result.coverage).map(([label, runs]) => ({ label, runs, share: result.runs === 0 ? 0 : runs / result.runs }));
}

/** A share as a whole percentage, with `<1%` for a label that some run reached but rounds to zero. */
export function percent(share: number): string {
  if (share > 0 && share < 0.005) return '<1%';
  return `${Math.round(share * 100)}%`;
}

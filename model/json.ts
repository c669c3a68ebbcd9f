/** A plain JSON object (not null, not an array): the shape of setups, commands, outcomes and observations. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

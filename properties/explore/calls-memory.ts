/**
 * The history memory of the stateless call systems (`rocketmq.allocate`, `rocketmq.filter`): the set of calls made
 * so far, in canonical JSON. Their checks compare a call with earlier calls (the same arguments answer the same,
 * a view that grew loses only queues, a hash extends the hash of its prefix), and the model answers a call from its
 * arguments alone, so which calls came before (not in which order) is all such a check can read. A call is kept as
 * the 128-bit structural hash of its JSON (`valueKey`, the fingerprint's own hash), not as its text: the memory is
 * read only to tell nodes apart, and hashing a short key again is cheaper than hashing the text.
 */
import type { Command } from '../../model/scenario.js';
import type { HistoryMemory } from './exploration.js';
import { valueKey } from './fingerprint.js';

/** The set of earlier calls, as sorted hashes of their canonical JSON. */
export function callsMemory<Setup, Cmd extends Command, Observation>(): HistoryMemory<Setup, Cmd, Observation> {
  return {
    initial: [],
    remember: (previous, view) => {
      const calls = previous as readonly string[];
      const call = valueKey(view.command);
      return calls.includes(call) ? calls : [...calls, call].sort();
    },
    why: 'The checks compare a call with earlier calls, whose answers depend on their arguments alone: the set of calls made is what they read.',
  };
}

/**
 * Writes a long `rocketmq.group` scenario to stdout, for timing `mqspec replay` on long runs (docs/limits.md):
 *
 *   npx tsx bench/long-group-scenario.ts 40000 > /tmp/long-40000.json
 *   /usr/bin/time -v node dist/cli/mqspec.js replay /tmp/long-40000.json > /dev/null
 *
 * Default: one client, one queue, alternating `produce` and `pull` after a start and a rebalance. `--mixed`: two
 * clients on two queues with tags (one client filters B out), batches of up to 40 messages, pulls of 8 or 32,
 * rebalances, commit-log growth, and now and then the second client shut down and replaced by a new one — so ledger entries split, merge
 * and are redelivered. Deterministic: the same arguments write the same file.
 */
const [countArgument, ...flags] = process.argv.slice(2);
const total = Number(countArgument ?? 40_000);
if (!Number.isSafeInteger(total) || total < 2) throw new Error('usage: tsx bench/long-group-scenario.ts COMMANDS [--mixed]');
const mixed = flags.includes('--mixed');

type Command = Record<string, unknown>;

function alternating(): Command[] {
  const commands: Command[] = [
    { type: 'start', client: 'c1', subscriptions: { T1: '*' } },
    { type: 'rebalance', client: 'c1' },
  ];
  for (let i = 0; commands.length < total; i++) commands.push(i % 2 === 0 ? { type: 'produce', topic: 'T1', queueId: 0 } : { type: 'pull', client: 'c1' });
  return commands;
}

function mixedRun(): Command[] {
  const commands: Command[] = [
    { type: 'start', client: 'c1', subscriptions: { T1: '*' } },
    { type: 'start', client: 'c2', subscriptions: { T1: 'A || C' } },
    { type: 'rebalance', client: 'c1' },
    { type: 'rebalance', client: 'c2' },
  ];
  let seed = 1;
  // A linear congruential generator: the file is a function of its arguments.
  const next = (bound: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor(seed / 65536) % bound; // the high bits: the low ones of an LCG repeat with short periods
  };
  let second = 2;
  const client = (): string => (next(2) === 0 ? 'c1' : `c${second}`);
  while (commands.length < total) {
    const roll = next(100);
    if (roll < 45) {
      commands.push({ type: 'produce', topic: 'T1', queueId: next(2), tags: ['A', 'B', 'C'][next(3)], count: [1, 1, 1, 5, 40][next(5)] });
    } else if (roll < 90) {
      commands.push({ type: 'pull', client: client(), maxMsgs: next(2) === 0 ? 8 : 32 });
    } else if (roll < 96) {
      commands.push({ type: 'rebalance', client: client() });
    } else if (roll < 98) {
      commands.push({ type: 'commitLogGrows' });
    } else if (second < 200) {
      // A shut-down client cannot start again: the second client is replaced by a new one.
      commands.push({ type: 'shutdown', client: `c${second}` });
      second++;
      commands.push({ type: 'start', client: `c${second}`, subscriptions: { T1: 'A || C' } });
    }
  }
  return commands.slice(0, total);
}

const scenario = {
  system: 'rocketmq.group',
  title: `long run: ${total} commands${mixed ? ', mixed' : ', alternating produce and pull'}`,
  setup: { topics: { T1: mixed ? 2 : 1 } },
  commands: mixed ? mixedRun() : alternating(),
};
process.stdout.write(JSON.stringify(scenario) + '\n');

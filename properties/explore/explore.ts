/**
 * Exhaustive bounded exploration: breadth-first search over every command a scope enumerates, from every setup of
 * the scope, merging states by fingerprint (the model's state plus the history memory, reduced by the system's
 * symmetry), and running every property's check on every transition taken — also on transitions into states seen
 * before, since a check judges the step, not only the state it reaches.
 *
 * Breadth-first order makes the first violation of a property a shortest one: every shorter path was checked
 * before it. Checks that read the history get the history of the path taken (each node links its own step to its
 * parent's, and the list is walked only when a check asks for it); the memory in the fingerprint makes that path as
 * good as any other to the same node (see `HistoryMemory`).
 *
 * The search stops at the scope's depth bound, at a time limit or when the heap nears its limit, and says so; it
 * never runs out of memory.
 */
import { getHeapStatistics } from 'node:v8';
import type { Outcome } from '../../model/outcome.js';
import type { Command, Scenario } from '../../model/scenario.js';
import type { AnySystemModel } from '../../model/system.js';
import type { TraceStep } from '../../model/trace.js';
import type { Property, PropertyKind, StepView } from '../property.js';
import type { AnyExploration, AnyExplorationScope } from './exploration.js';
import { Fingerprinter, renamings } from './fingerprint.js';

/** The shortest violation of one property found in the scope. */
export interface Finding {
  readonly id: string;
  readonly kind: PropertyKind;
  readonly scenario: Scenario;
  /** Commands in the scenario (the violating step is the last). */
  readonly length: number;
  readonly message: string;
}

/** Why a search ended before exhausting its scope. */
export type StopReason = 'depth' | 'time' | 'memory' | 'transitions' | 'found';

/** What a search found and how far it got. */
export interface ExploreResult {
  readonly system: string;
  readonly scope: string;
  /** Indexes of the scope's setups this search covered (all of them unless sharded). */
  readonly setups: readonly number[];
  readonly symmetry: boolean;
  /** Distinct nodes (state and memory, up to symmetry), roots included. */
  readonly states: number;
  /** Commands stepped, including those leading to nodes seen before. */
  readonly transitions: number;
  /** Every path of at most this many commands was checked. */
  readonly depthCompleted: number;
  /** True when no new node appeared before the depth bound: every reachable node of the scope was checked. */
  readonly exhausted: boolean;
  /** Set when the search ended before exhausting the scope. */
  readonly stopped?: StopReason;
  /** One line saying why the search stopped early, for time and memory stops. */
  readonly stopMessage?: string;
  readonly milliseconds: number;
  /** CPU time of the thread's process over the search: what the figure is on a machine shared with other work. */
  readonly cpuMilliseconds: number;
  /** Peak V8 heap in use during the search. */
  readonly heapBytes: number;
  /**
   * Peak resident set size of the process, sampled with the heap: what the machine gave, V8's heap plus code, buffers
   * and (with workers) the other threads' heaps.
   */
  readonly rssBytes: number;
  /** One per violated property (invariant violated, hazard found), in the order of `properties`. */
  readonly findings: readonly Finding[];
  /** The ids of the properties checked. */
  readonly checked: readonly string[];
}

/** How a search is bounded and what it checks. */
export interface ExploreOptions {
  readonly model: AnySystemModel;
  readonly exploration: AnyExploration;
  readonly scopeName: string;
  /** The scope itself, when it is not one of the exploration's named scopes (a scope file's). */
  readonly scope?: AnyExplorationScope;
  /** The properties of the system to check. */
  readonly properties: readonly Property[];
  /** Overrides the scope's depth bound. */
  readonly maxDepth?: number;
  /** Wall-clock bound in milliseconds. */
  readonly timeLimitMs?: number;
  /** Heap bound in bytes (default: 75% of V8's heap limit). */
  readonly heapLimitBytes?: number;
  /** False turns the symmetry reduction off (to measure it, or to double-check it). */
  readonly symmetry?: boolean;
  /** The setups to search (default: all of the scope's). */
  readonly setupIndexes?: readonly number[];
  /** Stop after this many transitions (model steps): a bound on work that, unlike time, gives the same answer anywhere. */
  readonly transitionLimit?: number;
  /** Stop as soon as every property has a finding (the first is a shortest one). */
  readonly untilFound?: boolean;
  /**
   * False: the steps of the last level are checked but their nodes are not kept — no fingerprint, no memory, no
   * trail — since nothing expands them. For a caller that wants findings only (shortening a counterexample): the
   * states it reports leave out the last level's, and `exhausted` cannot be told (it answers false). Most of a
   * bounded search's transitions are on its last level, so this is most of its cost beyond the model's steps.
   */
  readonly keepLastLevel?: boolean;
}

/** One node of the search tree that is still to be expanded. */
interface FrontierEntry {
  readonly node: number;
  /** The node's fingerprint and its memory's hash, to recognise a step that changed neither. */
  readonly key: string;
  readonly memoryKey: string;
  readonly state: unknown;
  readonly memory: unknown;
  readonly observation: unknown;
  /** The last step of the path to the node, linked to the steps before it (none for a root). */
  readonly trail: Trail | undefined;
}

/**
 * The steps of a path as a list linked backwards: a node shares its parent's steps and adds its own, so the history a
 * check reads costs no replay of the model, only a walk. The observations it holds are the ones the search made.
 */
interface Trail {
  readonly step: TraceStep;
  readonly previous: Trail | undefined;
}

/** The steps of a trail, first to last. */
function trailSteps(trail: Trail | undefined): readonly TraceStep[] {
  const steps: TraceStep[] = [];
  for (let t = trail; t !== undefined; t = t.previous) steps.push(t.step);
  return steps.reverse();
}

/** The parent pointers and commands of every node, to rebuild paths. */
class PathTable {
  private readonly parents: number[] = [];
  private readonly commands: (Command | undefined)[] = [];

  /** Adds a node; answers its number. */
  add(parent: number, command: Command | undefined): number {
    this.parents.push(parent);
    this.commands.push(command);
    return this.parents.length - 1;
  }

  /** The commands from the root to the node. */
  path(node: number): Command[] {
    const path: Command[] = [];
    for (let n = node; n >= 0; n = this.parents[n] ?? -1) {
      const command = this.commands[n];
      if (command !== undefined) path.push(command);
    }
    return path.reverse();
  }
}

/** Limits checked while searching; answers the reason to stop, if any. */
class Budget {
  private readonly deadline: number;
  private readonly heapLimit: number;
  peakHeap = 0;
  peakRss = 0;
  private ticks = 0;

  constructor(started: number, timeLimitMs: number | undefined, heapLimitBytes: number | undefined) {
    this.deadline = timeLimitMs === undefined ? Number.POSITIVE_INFINITY : started + timeLimitMs;
    this.heapLimit = heapLimitBytes ?? Math.floor(getHeapStatistics().heap_size_limit * 0.75);
  }

  /** Cheap enough to call on every transition: looks at the clock every 256 calls and the heap every 4096. */
  exceeded(): StopReason | undefined {
    this.ticks++;
    if ((this.ticks & 255) !== 0) return undefined;
    if (performance.now() > this.deadline) return 'time';
    if ((this.ticks & 4095) !== 0) return undefined;
    return this.heapNow() > this.heapLimit ? 'memory' : undefined;
  }

  /** The heap in use, tracking the peak. */
  heapNow(): number {
    const used = getHeapStatistics().used_heap_size;
    if (used > this.peakHeap) this.peakHeap = used;
    const rss = process.memoryUsage.rss();
    if (rss > this.peakRss) this.peakRss = rss;
    return used;
  }

  /** The heap limit in MiB, for messages. */
  limitMiB(): number {
    return Math.round(this.heapLimit / 2 ** 20);
  }
}

/** Counters of one search, shared by the setups it covers. */
interface Tally {
  states: number;
  transitions: number;
  stopped?: StopReason;
  /** The least depth bound that cut a setup's search short (infinite while none did). */
  depthCompleted: number;
  /** The deepest level any setup expanded. */
  deepest: number;
  exhausted: boolean;
}

/** The properties' shortest findings so far, by id. */
type Findings = Map<string, Finding>;

/** Searches one setup breadth-first; updates the tally and the findings. */
function exploreSetup(
  options: ExploreOptions,
  scope: AnyExplorationScope,
  setup: unknown,
  budget: Budget,
  tally: Tally,
  findings: Findings,
): void {
  const { model, exploration } = options;
  const properties = options.properties.filter((p) => exploration.applies?.(p.id, setup) ?? true);
  const maxDepth = options.maxDepth ?? scope.maxDepth;
  const transitionLimit = options.transitionLimit ?? Number.POSITIVE_INFINITY;
  const names = options.symmetry === false ? [] : (exploration.symmetry?.names(setup) ?? []);
  const fingerprints = new Fingerprinter(names.length > 1 ? renamings(names) : []);
  const memory = exploration.memory;
  const visited = new Set<string>();
  const paths = new PathTable();
  const root = model.init(setup);
  const rootMemory = memory?.initial;
  const rootKey = fingerprints.of(root, rootMemory);
  visited.add(rootKey);
  tally.states++;
  let frontier: FrontierEntry[] = [
    { node: paths.add(-1, undefined), key: rootKey, memoryKey: fingerprints.memoryKey(rootMemory), state: root, memory: rootMemory, observation: model.observe(root), trail: undefined },
  ];
  let depth = 0;
  for (; depth < maxDepth && frontier.length > 0; depth++) {
    const next: FrontierEntry[] = [];
    const lastLevel = depth === maxDepth - 1 && options.keepLastLevel === false;
    for (const entry of frontier) {
      let prefix: readonly TraceStep[] | undefined;
      const history = (): readonly TraceStep[] => (prefix ??= trailSteps(entry.trail));
      // The members' hashes serve the successors' fingerprints, which a last level not kept does not take.
      if (!lastLevel) fingerprints.setParent(entry.state);
      for (const command of scope.commands(entry.state, setup)) {
        const stop = budget.exceeded();
        if (stop !== undefined) {
          stopEarly(tally, stop, depth);
          return;
        }
        if (tally.transitions >= transitionLimit) {
          stopEarly(tally, 'transitions', depth);
          return;
        }
        const result = model.step(entry.state, command);
        tally.transitions++;
        // A step that answered without a new state (a refused call, a query) needs neither a new observation nor a
        // new fingerprint unless the memory moved.
        const unchanged = result.state === entry.state;
        const observation = unchanged ? entry.observation : model.observe(result.state);
        const view = new ExploredStep(setup, depth, command, result.outcome as Outcome, entry.observation, observation, history);
        checkAll(properties, findings, view, paths, entry.node, setup, model.id);
        if (options.untilFound === true && properties.every((p) => findings.has(p.id))) {
          stopEarly(tally, 'found', depth);
          return;
        }
        if (lastLevel) continue;
        const nextMemory = memory === undefined ? undefined : memory.remember(entry.memory, view);
        if (unchanged && (memory === undefined || fingerprints.memoryKey(nextMemory) === entry.memoryKey)) continue;
        const key = fingerprints.of(result.state, nextMemory);
        if (visited.has(key)) continue;
        // The memory was hashed for the fingerprint just now: its key costs no second hash.
        const memoryKey = memory === undefined ? entry.memoryKey : fingerprints.memoryKey(nextMemory);
        visited.add(key);
        tally.states++;
        const step: TraceStep = { index: depth, command, outcome: view.outcome, before: entry.observation, after: observation };
        next.push({ node: paths.add(entry.node, command), key, memoryKey, state: result.state, memory: nextMemory, observation, trail: { step, previous: entry.trail } });
      }
    }
    frontier = next;
  }
  // Exhausted when the last level added nothing new (the frontier is empty), not merely when the bound was reached;
  // a last level not kept leaves the frontier empty without telling.
  const exhausted = frontier.length === 0 && !(options.keepLastLevel === false && depth === maxDepth);
  tally.deepest = Math.max(tally.deepest, depth);
  if (!exhausted) {
    tally.depthCompleted = Math.min(tally.depthCompleted, depth);
    tally.exhausted = false;
    tally.stopped ??= 'depth';
  }
  budget.heapNow();
}

/** Records a stop in the middle of a level: every path of `depth` commands was checked, not all of `depth + 1`. */
function stopEarly(tally: Tally, reason: StopReason, depth: number): void {
  tally.stopped = reason;
  tally.depthCompleted = Math.min(tally.depthCompleted, depth);
  tally.exhausted = false;
}

/** The view a check sees of one step; `history` is built (from the node's trail) only when a check reads it. */
class ExploredStep implements StepView<unknown, Command, unknown> {
  private trail: readonly TraceStep[] | undefined;

  constructor(
    readonly setup: unknown,
    readonly index: number,
    readonly command: Command,
    readonly outcome: Outcome,
    readonly before: unknown,
    readonly after: unknown,
    private readonly prefix: () => readonly TraceStep[],
  ) {}

  get history(): readonly TraceStep[] {
    const { index, command, outcome, before, after } = this;
    return (this.trail ??= [...this.prefix(), { index, command, outcome, before, after }]);
  }
}

/** Runs every property not yet violated on the view; records a violation with its path (the node's, then the step). */
function checkAll(
  properties: readonly Property[],
  findings: Findings,
  view: ExploredStep,
  paths: PathTable,
  node: number,
  setup: unknown,
  system: string,
): void {
  const length = view.index + 1;
  for (const property of properties) {
    const known = findings.get(property.id);
    if (known !== undefined && known.length <= length) continue;
    const message = property.check?.(view);
    if (message === undefined) continue;
    findings.set(property.id, {
      id: property.id,
      kind: property.kind,
      scenario: { system, setup, commands: [...paths.path(node), view.command] },
      length,
      message,
    });
  }
}

/** Explores a scope (or the setups of one shard of it) and reports what it found. */
export function explore(options: ExploreOptions): ExploreResult {
  const scope = options.scope ?? options.exploration.scopes[options.scopeName];
  if (scope === undefined) throw new Error(`explore: ${options.exploration.system} has no scope "${options.scopeName}"`);
  const setupIndexes = options.setupIndexes ?? scope.setups.map((_, i) => i);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const budget = new Budget(started, options.timeLimitMs, options.heapLimitBytes);
  const tally: Tally = { states: 0, transitions: 0, depthCompleted: Number.POSITIVE_INFINITY, deepest: 0, exhausted: true };
  const findings: Findings = new Map();
  for (const [k, index] of setupIndexes.entries()) {
    const setup = scope.setups[index];
    if (setup === undefined) throw new Error(`explore: scope "${options.scopeName}" has no setup ${index}`);
    exploreSetup(options, scope, setup, budget, tally, findings);
    if (tally.stopped !== undefined && tally.stopped !== 'depth') {
      // Setups not reached have no path checked at all.
      if (k < setupIndexes.length - 1) tally.depthCompleted = 0;
      break;
    }
  }
  const milliseconds = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  // Exhausted: every path of any length is covered; the figure is the depth at which no new node appeared.
  const depthCompleted = tally.depthCompleted === Number.POSITIVE_INFINITY ? tally.deepest : tally.depthCompleted;
  const stopMessage = stopMessageFor(tally.stopped, options, budget, depthCompleted, tally.states);
  return {
    system: options.exploration.system,
    scope: options.scopeName,
    setups: setupIndexes,
    symmetry: options.symmetry !== false && options.exploration.symmetry !== undefined,
    states: tally.states,
    transitions: tally.transitions,
    depthCompleted,
    exhausted: tally.exhausted,
    ...(tally.stopped === undefined ? {} : { stopped: tally.stopped }),
    ...(stopMessage === undefined ? {} : { stopMessage }),
    milliseconds,
    cpuMilliseconds: (cpu.user + cpu.system) / 1000,
    heapBytes: budget.peakHeap,
    rssBytes: budget.peakRss,
    findings: options.properties.flatMap((p) => {
      const finding = findings.get(p.id);
      return finding === undefined ? [] : [finding];
    }),
    checked: options.properties.map((p) => p.id),
  };
}

/** The one-line message of a time or memory stop. */
function stopMessageFor(
  reason: StopReason | undefined,
  options: ExploreOptions,
  budget: Budget,
  depth: number,
  states: number,
): string | undefined {
  const where = `after ${states} states, every path of up to ${depth} commands checked; the scope was not exhausted`;
  if (reason === 'time') return `explore: stopped at the time limit of ${Math.round((options.timeLimitMs ?? 0) / 1000)} s ${where}`;
  if (reason === 'memory') {
    return `explore: stopped as the heap neared its limit of ${budget.limitMiB()} MiB ${where} (--max-memory sets the limit, up to three quarters of node's heap, which --max-old-space-size raises)`;
  }
  return undefined;
}

/**
 * One result from the results of disjoint setups of one scope (shards, workers): counts add up, the depth is the
 * least completed, the scope is exhausted when every part was, and each property keeps its shortest finding.
 * Wall time is the longest part's (shards ran side by side, each on its own machine; a pool of threads runs several
 * parts one after another on a thread, so its caller times the pool instead), CPU time adds up, memory is the largest.
 */
export function mergeResults(parts: readonly ExploreResult[]): ExploreResult {
  const [first] = parts;
  if (first === undefined) throw new Error('mergeResults: no results to merge');
  const shortest = new Map<string, Finding>();
  for (const part of parts) {
    for (const finding of part.findings) {
      const known = shortest.get(finding.id);
      if (known === undefined || finding.length < known.length) shortest.set(finding.id, finding);
    }
  }
  const stopped = parts.find((p) => p.stopped === 'memory' || p.stopped === 'time') ?? parts.find((p) => p.stopped !== undefined);
  const exhausted = parts.every((p) => p.exhausted);
  const depths = parts.map((p) => p.depthCompleted);
  return {
    ...first,
    setups: parts.flatMap((p) => p.setups).sort((a, b) => a - b),
    states: parts.reduce((n, p) => n + p.states, 0),
    transitions: parts.reduce((n, p) => n + p.transitions, 0),
    depthCompleted: exhausted ? Math.max(...depths) : Math.min(...parts.filter((p) => !p.exhausted).map((p) => p.depthCompleted)),
    exhausted,
    ...(stopped?.stopped === undefined ? { stopped: undefined } : { stopped: stopped.stopped }),
    ...(stopped?.stopMessage === undefined ? { stopMessage: undefined } : { stopMessage: stopped.stopMessage }),
    milliseconds: Math.max(...parts.map((p) => p.milliseconds)),
    cpuMilliseconds: parts.reduce((n, p) => n + p.cpuMilliseconds, 0),
    heapBytes: Math.max(...parts.map((p) => p.heapBytes)),
    rssBytes: Math.max(...parts.map((p) => p.rssBytes)),
    findings: first.checked.flatMap((id) => {
      const finding = shortest.get(id);
      return finding === undefined ? [] : [finding];
    }),
  };
}

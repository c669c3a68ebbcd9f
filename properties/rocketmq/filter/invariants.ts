/**
 * The invariants of `rocketmq.filter`, one named predicate each, in the order of the spec page
 * (`shared/spec/rocketmq.md`, "Tags"). Each answers `undefined` when it holds after the step and otherwise what
 * went wrong. Where a rule speaks of "the client's tag set" it means FilterAPI's tagsSet of the expression, as the
 * spec defines it (the trimmed, non-empty `||`-separated parts).
 */
import type { DeliverVerdict, RocketmqFilterCommand, RocketmqFilterSetup } from '../../../model/rocketmq/filter/filter-commands.js';
import type { RocketmqFilterState } from '../../../model/rocketmq/filter/filter-system.js';
import { buildSubscriptionData, SUB_ALL, type SubscriptionData } from '../../../model/rocketmq/filter/subscription-data.js';
import { javaTrim } from '../../../model/java/java-string.js';
import type { StepView } from '../../property.js';

/** What a rocketmq.filter check sees. */
export type RocketmqFilterView = StepView<RocketmqFilterSetup, RocketmqFilterCommand, RocketmqFilterState>;

/** A named predicate with its one-sentence statement. */
export interface RocketmqFilterInvariant {
  readonly id: string;
  readonly name: string;
  readonly statement: string;
  readonly why: string;
  readonly check: (view: RocketmqFilterView) => string | undefined;
}

type Step = Pick<RocketmqFilterView, 'command' | 'outcome'>;
type Deliver = Extract<RocketmqFilterCommand, { type: 'deliver' }>;

/** Java hash codes everyone can check by hand or in jshell. */
export const knownHashCodes: Readonly<Record<string, number>> = {
  '': 0,
  TagA: 2598919,
  TagB: 2598920,
  Aa: 2112,
  BB: 2112,
  polygenelubricants: -2147483648,
};

/** The expressions that subscribe to every message: null, `""` and exactly `"*"`. */
export const subscribesAll = (expression: string | null): boolean => expression === null || expression === '' || expression === SUB_ALL;

/** An expression of only `||` separators, which Java's split turns into no parts at all. */
export const onlySeparators = (expression: string | null): boolean => expression !== null && /^(\|\|)+$/.test(expression);

/** FilterAPI's reading of an expression (the spec), or undefined when it cannot be parsed. */
export function specSubscription(expression: string | null): SubscriptionData | undefined {
  const built = buildSubscriptionData('', expression);
  return built.ok ? built.data : undefined;
}

/** A blank expression: it parses, names no tag, and is not "all" (`" "`, `" || "`): the broker matches nothing. */
export function isBlank(expression: string | null): boolean {
  const data = specSubscription(expression);
  return data !== undefined && data.subString !== SUB_ALL && data.tagsSet.length === 0;
}

/** The subscription a successful buildSubscriptionData answered. */
function built(step: Step): SubscriptionData | undefined {
  return step.command.type === 'buildSubscriptionData' && step.outcome.ok ? (step.outcome.value as SubscriptionData) : undefined;
}

/** The verdict a successful deliver answered, with its command. */
export function delivered(step: Step): { command: Deliver; verdict: DeliverVerdict } | undefined {
  return step.command.type === 'deliver' && step.outcome.ok ? { command: step.command, verdict: step.outcome.value as DeliverVerdict } : undefined;
}

/** A Java int. */
const isInt32 = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && (n | 0) === n;

/** The tags of an expression as a sorted set key, read without FilterAPI: the trimmed non-empty `||` parts. */
function tagKey(expression: string): string {
  return JSON.stringify([...new Set(expression.split('||').map(javaTrim).filter((t) => t.length > 0))].sort());
}

const sameSet = (a: readonly unknown[], b: readonly unknown[]): boolean => {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
};

const show = (s: string | null): string => JSON.stringify(s);

/**
 * Parsing ignores the order of the tags, their repetition and the spaces around them: two expressions naming the
 * same tags give the same tagsSet and codeSet, as sets.
 */
export const parseIgnoresOrderAndSpaces = (v: RocketmqFilterView): string | undefined => {
  if (v.command.type !== 'buildSubscriptionData' || subscribesAll(v.command.expression)) return undefined;
  const expression = v.command.expression ?? '';
  const key = tagKey(expression);
  if (key === '[]') return undefined;
  const now = built(v);
  for (const step of v.history.slice(0, -1)) {
    if (step.command.type !== 'buildSubscriptionData' || subscribesAll(step.command.expression)) continue;
    const other = step.command.expression ?? '';
    if (tagKey(other) !== key) continue;
    const then = built(step);
    if (now === undefined || then === undefined) return `${show(other)} and ${show(expression)} name the same tags, yet one of them failed to parse`;
    if (!sameSet(now.tagsSet, then.tagsSet) || !sameSet(now.codeSet, then.codeSet)) {
      return `${show(other)} and ${show(expression)} name the same tags, yet parse to tagsSet ${JSON.stringify(then.tagsSet)} / ${JSON.stringify(now.tagsSet)} and codeSet ${JSON.stringify(then.codeSet)} / ${JSON.stringify(now.codeSet)}`;
    }
  }
  return undefined;
};

/**
 * null, `""` and exactly `"*"` subscribe to all: subString `"*"` and no tags, the broker ships and the client keeps
 * every message; an expression of only `||` fails with "subString split error"; anything else is kept as given.
 */
export const subscribeAllAndSplitError = (v: RocketmqFilterView): string | undefined => {
  const c = v.command;
  if (c.type === 'buildSubscriptionData') {
    const data = built(v);
    if (onlySeparators(c.expression)) return data === undefined ? undefined : `${show(c.expression)} splits into no parts, so it must fail with "subString split error", not parse`;
    if (data === undefined) return `${show(c.expression)} failed to parse: ${JSON.stringify(v.outcome)}`;
    if (subscribesAll(c.expression)) {
      return data.subString === SUB_ALL && data.tagsSet.length === 0 && data.codeSet.length === 0 ? undefined : `${show(c.expression)} must subscribe all (subString "*", no tags), not ${JSON.stringify(data)}`;
    }
    if (data.subString !== c.expression) return `${show(c.expression)} must be kept as the subString, not ${show(data.subString)}`;
    return data.topic === c.topic ? undefined : `the subscription of topic ${c.topic} names topic ${data.topic}`;
  }
  if (c.type !== 'deliver') return undefined;
  if (onlySeparators(c.subscription) || onlySeparators(c.own)) return v.outcome.ok ? 'deliver with an expression of only "||" must fail like buildSubscriptionData' : undefined;
  const d = delivered(v);
  if (d === undefined) return `deliver failed: ${JSON.stringify(v.outcome)}`;
  if (subscribesAll(c.subscription) && !d.verdict.broker) return `the broker dropped a message tagged ${show(c.tags)} for the subscription ${show(c.subscription)}, which subscribes all`;
  if (subscribesAll(c.own) && !d.verdict.client) return `the client with its own expression ${show(c.own)}, which subscribes all, dropped a message tagged ${show(c.tags)}`;
  return undefined;
};

/** What an earlier `hashCode` step answered for `value`, if one did. */
function hashAnswered(v: RocketmqFilterView, value: string | null): number | undefined {
  for (const step of v.history.slice(0, -1)) {
    if (step.command.type === 'hashCode' && step.command.value === value && step.outcome.ok && isInt32(step.outcome.value)) return step.outcome.value;
  }
  return undefined;
}

/** `hashCode` and tagsCode are Java's `String.hashCode`: a 32-bit int, the known vectors, and `h(s + c) = 31·h(s) + c`. */
export const hashIsJavaHashCode = (v: RocketmqFilterView): string | undefined => {
  const c = v.command;
  if (c.type === 'deliver') {
    const d = delivered(v);
    if (d === undefined) return undefined;
    const code = d.verdict.tagsCode;
    if (!isInt32(code)) return `tagsCode ${code} of ${show(c.tags)} is not a Java int`;
    if ((c.tags === null || c.tags === '') && code !== 0) return `a message without a tag must have tagsCode 0, not ${code}`;
    const hashed = hashAnswered(v, c.tags);
    return hashed === undefined || hashed === code ? undefined : `tagsCode of ${show(c.tags)} is ${code}, but hashCode answered ${hashed}`;
  }
  if (c.type !== 'hashCode') return undefined;
  const h = v.outcome.ok ? v.outcome.value : undefined;
  if (!isInt32(h)) return `hashCode(${show(c.value)}) answered ${JSON.stringify(v.outcome)}, not a Java int`;
  const known = Object.prototype.hasOwnProperty.call(knownHashCodes, c.value) ? knownHashCodes[c.value] : undefined;
  if (known !== undefined && h !== known) return `hashCode(${show(c.value)}) is ${known} in Java, not ${h}`;
  if (c.value.length === 0) return undefined;
  // The recurrence, from h("") = 0 or from an earlier answer for the string without its last code unit.
  const prefix = c.value.slice(0, -1);
  const base = prefix === '' ? 0 : hashAnswered(v, prefix);
  if (base === undefined) return undefined;
  const unit = c.value.charCodeAt(c.value.length - 1);
  const expected = (Math.imul(31, base) + unit) | 0;
  return h === expected ? undefined : `hashCode(${show(c.value)}) is ${h}, but 31 × hashCode(${show(prefix)}) + ${unit} wraps to ${expected}`;
};

/**
 * The client's own filter keeps a message iff its tag is in the client's tagsSet (every message when the set is
 * empty): never an untagged message, never a tag that only shares the hash code of a subscribed one.
 */
export const clientKeepsOnlyItsTags = (v: RocketmqFilterView): string | undefined => {
  const d = delivered(v);
  const own = d === undefined ? undefined : specSubscription(d.command.own);
  if (d === undefined || own === undefined) return undefined;
  const tags = d.command.tags;
  const expected = own.tagsSet.length === 0 || (tags !== null && own.tagsSet.includes(tags));
  if (d.verdict.client === expected) return undefined;
  return d.verdict.client
    ? `the client kept a message tagged ${show(tags)} although its tags are ${JSON.stringify(own.tagsSet)} (own expression ${show(d.command.own)})`
    : `the client dropped a message tagged ${show(tags)} although its own expression ${show(d.command.own)} names it`;
};

/**
 * When the broker holds the pulling client's own expression (one that subscribes all or names tags), the broker
 * never drops a message the client would keep: broker-then-client filtering equals the client's filter alone, even
 * for colliding tags.
 */
export const brokerThenClientEqualsClient = (v: RocketmqFilterView): string | undefined => {
  const d = delivered(v);
  if (d === undefined || d.command.subscription !== d.command.own || isBlank(d.command.own)) return undefined;
  const { broker, client } = d.verdict;
  return (broker && client) === client
    ? undefined
    : `with ${show(d.command.own)} at both ends the broker dropped a message tagged ${show(d.command.tags)} (tagsCode ${d.verdict.tagsCode}) that the client's filter keeps`;
};

const filterCode = 'apache/rocketmq 4.9.8';

/** The invariants, in spec order. */
export const rocketmqFilterInvariants: readonly RocketmqFilterInvariant[] = [
  { id: 'RF-01', name: 'parseIgnoresOrderAndSpaces', check: parseIgnoresOrderAndSpaces, statement: 'Expressions naming the same tags in any order, repeated or with other spaces around them parse to the same tagsSet and codeSet (as sets).', why: `${filterCode} FilterAPI.buildSubscriptionData: split on "||", trim each part, add non-empty ones to HashSets.` },
  { id: 'RF-02', name: 'subscribeAllAndSplitError', check: subscribeAllAndSplitError, statement: 'null, "" and exactly "*" subscribe to every message (subString "*", no tags); an expression of only "||" fails with "subString split error"; any other expression is kept as its subString.', why: `${filterCode} FilterAPI: the "*"/empty test comes before the split, and Java's split drops trailing empty parts, so "||" leaves none.` },
  { id: 'RF-03', name: 'hashIsJavaHashCode', check: hashIsJavaHashCode, statement: 'hashCode and tagsCode are Java String.hashCode: a 32-bit int satisfying h(s + c) = 31·h(s) + c with wrap-around (TagA 2598919, TagB 2598920, Aa = BB = 2112, polygenelubricants = −2147483648); an untagged message has tagsCode 0.', why: 'String.hashCode is int arithmetic over UTF-16 code units; MessageExtBrokerInner.tagsString2tagsCode uses it, 0 for no tag.' },
  { id: 'RF-04', name: 'clientKeepsOnlyItsTags', check: clientKeepsOnlyItsTags, statement: "The client's own filter keeps a message iff its tag is in the client's tagsSet (all messages when the set is empty): never an untagged one, never a tag that only collides with a subscribed one.", why: `${filterCode} PullAPIWrapper.processPullResult keeps a message only if tagsSet contains msg.getTags() (skipped for an empty tagsSet).` },
  { id: 'RF-05', name: 'brokerThenClientEqualsClient', check: brokerThenClientEqualsClient, statement: "When the broker filters with the pulling client's own expression (all, or a list of tags), broker-then-client filtering equals the client's filter alone, even for colliding tags.", why: "A tag in the client's tagsSet has its hash in the same subscription's codeSet, so the broker ships it; a colliding tag the broker ships anyway is dropped by the client. (A blank expression is the exception: see RF-H2.)" },
];

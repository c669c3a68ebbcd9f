/**
 * Scenario generators for `rocketmq.filter`. Expressions are drawn as tag lists with spacing (sometimes as one of
 * the special forms), tags from a small alphabet so that Java hash collisions occur. A parsed expression may be
 * followed by copies with the tags reordered and re-spaced, and a hashed string by its one-character extensions,
 * so that the metamorphic rules (order and spaces do not matter, the hash recurrence) have pairs to compare.
 */
import fc from 'fast-check';
import type { RocketmqFilterCommand, RocketmqFilterSetup } from '../../../model/rocketmq/filter/filter-commands.js';
import type { Scenario } from '../../../model/scenario.js';
import { rocketmqFilterScope as scope } from './scopes.js';

/** An expression as drawn: tags with the spacing around each, or one of the special forms. */
export type DrawnExpression =
  | { readonly kind: 'tags'; readonly tags: readonly string[]; readonly spacing: readonly number[] }
  | { readonly kind: 'special'; readonly value: string | null };

/** A reordering and re-spacing of a drawn expression. */
export interface Variant {
  readonly rotate: number;
  readonly reverse: boolean;
  readonly spacing: readonly number[];
}

/** One thing to try, which becomes one or more commands. */
export type FilterIntent =
  | { readonly type: 'buildSubscriptionData'; readonly expression: DrawnExpression; readonly variants: readonly Variant[] }
  | { readonly type: 'hashCode'; readonly value: string; readonly extensions: readonly string[] }
  | {
      readonly type: 'deliver';
      readonly subscription: DrawnExpression;
      readonly own: DrawnExpression | 'same';
      readonly tags: string | null;
      /** When set (and the subscription names tags), the message carries that subscribed tag instead of `tags`. */
      readonly reuse: number | null;
    };

/** Options of the scenario generator. */
export interface RocketmqFilterArbitraryOptions {
  /** Weights of the intent types; all three by default. */
  readonly weights?: Readonly<Record<FilterIntent['type'], number>>;
  readonly maxIntents?: number;
}

const letter = fc.constantFrom(...scope.letters);

/** A tag: mostly two letters (where the collisions are), sometimes one, or an upstream word. */
export const tagArbitrary: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: letter, minLength: scope.maxTagLength, maxLength: scope.maxTagLength }), weight: 8 },
  { arbitrary: fc.string({ unit: letter, minLength: 1, maxLength: 1 }), weight: 1 },
  { arbitrary: fc.constantFrom(...scope.words), weight: 1 },
);

const spacing = fc.array(fc.nat(scope.spaces.length * scope.spaces.length - 1), { minLength: scope.maxTags, maxLength: scope.maxTags });

/** An expression: mostly a list of tags, sometimes a special form. */
export const expressionArbitrary: fc.Arbitrary<DrawnExpression> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('tags' as const), tags: fc.array(tagArbitrary, { minLength: 1, maxLength: scope.maxTags }), spacing }),
    weight: 1000 - scope.specialPerMille,
  },
  { arbitrary: fc.record({ kind: fc.constant('special' as const), value: fc.constantFrom(...scope.specialExpressions) }), weight: scope.specialPerMille },
);

/** The expression string: each tag wrapped in its drawn spaces, joined by `||`. */
export function renderExpression(e: DrawnExpression): string | null {
  if (e.kind === 'special') return e.value;
  const n = scope.spaces.length;
  return e.tags
    .map((tag, i) => {
      const s = e.spacing[i] ?? 0;
      return `${scope.spaces[Math.floor(s / n) % n] ?? ''}${tag}${scope.spaces[s % n] ?? ''}`;
    })
    .join('||');
}

/** The same tags rotated (and perhaps reversed) with other spacing. */
export function applyVariant(e: DrawnExpression, v: Variant): DrawnExpression {
  if (e.kind === 'special') return e;
  const k = v.rotate % e.tags.length;
  const rotated = [...e.tags.slice(k), ...e.tags.slice(0, k)];
  return { kind: 'tags', tags: v.reverse ? rotated.reverse() : rotated, spacing: v.spacing };
}

/** The commands one intent becomes. */
export function realize(intent: FilterIntent): RocketmqFilterCommand[] {
  switch (intent.type) {
    case 'buildSubscriptionData':
      return [intent.expression, ...intent.variants.map((v) => applyVariant(intent.expression, v))].map((e) => ({
        type: 'buildSubscriptionData',
        topic: 'T',
        expression: renderExpression(e),
      }));
    case 'hashCode':
      return [intent.value, ...intent.extensions.map((_, i) => intent.value + intent.extensions.slice(0, i + 1).join(''))].map((value) => ({ type: 'hashCode', value }));
    case 'deliver': {
      const subscription = renderExpression(intent.subscription);
      const own = intent.own === 'same' ? subscription : renderExpression(intent.own);
      const e = intent.subscription;
      const tags = intent.reuse !== null && e.kind === 'tags' ? (e.tags[intent.reuse % e.tags.length] ?? intent.tags) : intent.tags;
      return [{ type: 'deliver', subscription, own, tags }];
    }
  }
}

const defaultWeights: Readonly<Record<FilterIntent['type'], number>> = { buildSubscriptionData: 2, hashCode: 1, deliver: 3 };

/** `rocketmq.filter` scenarios. */
export function rocketmqFilterScenarios(options: RocketmqFilterArbitraryOptions = {}): fc.Arbitrary<Scenario<RocketmqFilterSetup, RocketmqFilterCommand>> {
  const weights = options.weights ?? defaultWeights;
  const variant: fc.Arbitrary<Variant> = fc.record({ rotate: fc.nat(scope.maxTags), reverse: fc.boolean(), spacing });
  const build: fc.Arbitrary<FilterIntent> = fc.record({
    type: fc.constant('buildSubscriptionData' as const),
    expression: expressionArbitrary,
    variants: fc.array(variant, { maxLength: scope.maxVariants }),
  });
  const hash: fc.Arbitrary<FilterIntent> = fc.record({
    type: fc.constant('hashCode' as const),
    value: fc.oneof(fc.string({ unit: letter, maxLength: scope.maxHashLength }), fc.constantFrom(...scope.hashWords)),
    extensions: fc.array(letter, { maxLength: scope.maxExtensions }),
  });
  const deliver: fc.Arbitrary<FilterIntent> = fc.record({
    type: fc.constant('deliver' as const),
    subscription: expressionArbitrary,
    own: fc.oneof(
      { arbitrary: fc.constant('same' as const), weight: scope.samePerMille },
      { arbitrary: expressionArbitrary, weight: 1000 - scope.samePerMille },
    ),
    tags: fc.oneof(
      { arbitrary: tagArbitrary, weight: 1000 - scope.untaggedPerMille },
      { arbitrary: fc.constantFrom(null, ''), weight: scope.untaggedPerMille },
    ),
    reuse: fc.option(fc.nat(scope.maxTags), { freq: 2, nil: null }),
  });
  const intent = fc.oneof(
    ...[
      { arbitrary: build, weight: weights.buildSubscriptionData },
      { arbitrary: hash, weight: weights.hashCode },
      { arbitrary: deliver, weight: weights.deliver },
    ].filter((w) => w.weight > 0),
  );
  return fc
    .array(intent, { minLength: 1, maxLength: options.maxIntents ?? scope.maxIntents })
    .map((intents) => ({ system: 'rocketmq.filter', setup: {}, commands: intents.flatMap(realize) }));
}

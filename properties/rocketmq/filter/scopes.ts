/**
 * Search bounds for `rocketmq.filter` scenarios, kept apart from the rules. Tags are one or two characters over
 * {A, B, a, b}: few enough that a message's tag often is a subscribed one, and the Java hash collisions among them
 * (`Aa`/`BB` = 2112, `aa`/`bB` = 3104) come up by chance, as they do in production with real tag names.
 */

/** The bounds of generated `rocketmq.filter` scenarios. */
export const rocketmqFilterScope = {
  /** The letters tags and hashed strings are made of. */
  letters: ['A', 'B', 'a', 'b'],
  /** Longest generated tag. */
  maxTagLength: 2,
  /** Tags from the upstream tests, drawn alongside the generated ones. */
  words: ['TagA', 'TagB'],
  /** Tags in one expression. */
  maxTags: 3,
  /** Spacing drawn around each tag of an expression (Java `trim` removes it). */
  spaces: ['', ' ', '  ', '\t'],
  /** Longest string given to `hashCode`: 7+ characters overflow 32 bits. */
  maxHashLength: 12,
  /** Strings with known Java hash codes, drawn for hashCode (their values are in invariants.ts). */
  hashWords: ['TagA', 'TagB', 'Aa', 'BB', 'polygenelubricants', ''],
  /** Expressions that are not a list of tags: the subscribe-all forms, the split errors, blanks, a literal `*`. */
  specialExpressions: [null, '', '*', ' * ', '||', '||||', '|||', ' ', ' || ', '* || TagA'] as readonly (string | null)[],
  /** Per mille of expressions drawn from `specialExpressions`. */
  specialPerMille: 150,
  /** Per mille of deliveries where the pulling client's own expression is the group's subscription. */
  samePerMille: 600,
  /** Per mille of messages without a tag. */
  untaggedPerMille: 100,
  /** Re-spaced, reordered copies of a parsed expression that follow it. */
  maxVariants: 2,
  /** One-character extensions of a hashed string that follow it (the hash recurrence). */
  maxExtensions: 2,
  /** Intents per scenario (each may become a few commands). */
  maxIntents: 6,
} as const;

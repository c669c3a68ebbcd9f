import { describe, expect, it } from 'vitest';
import { test, fc } from '@fast-check/vitest';
import { buildSubscriptionData, SUB_ALL } from '../../../../model/rocketmq/filter/subscription-data.js';
import { javaStringHashCode } from '../../../../model/java/java-string.js';

const data = (subString: string | null) => {
  const r = buildSubscriptionData('T', subString);
  if (!r.ok) throw new Error(r.message);
  return r.data;
};

describe('buildSubscriptionData', () => {
  it('scenario from FilterAPITest: testBuildSubscriptionData keeps topic and subString, trims the tags', () => {
    const subString = 'TAG1 || Tag2 || tag3';
    const r = buildSubscriptionData('FooBar', subString);
    expect(r).toEqual({
      ok: true,
      data: {
        topic: 'FooBar',
        subString,
        tagsSet: ['TAG1', 'Tag2', 'tag3'],
        codeSet: ['TAG1', 'Tag2', 'tag3'].map(javaStringHashCode),
      },
    });
  });

  it('scenario from FilterAPITest: testBuildTagSome gives tags A and B for "A || B"', () => {
    const d = data('A || B');
    expect(d.topic).toBe('T');
    expect(d.subString).toBe('A || B');
    expect(d.tagsSet).toEqual(['A', 'B']);
  });

  it.each([null, '', '*'])('treats %j as subscribe-all: subString "*", no tags', (s) => {
    expect(data(s)).toEqual({ topic: 'T', subString: SUB_ALL, tagsSet: [], codeSet: [] });
  });

  it('treats " * " as the literal tag "*", keeping the untrimmed subString', () => {
    expect(data(' * ')).toEqual({ topic: 'T', subString: ' * ', tagsSet: ['*'], codeSet: [42] });
  });

  it('treats "* || TagA" as the tags "*" and "TagA", not as subscribe-all', () => {
    expect(data('* || TagA').tagsSet).toEqual(['*', 'TagA']);
  });

  it.each(['||', '||||'])('fails on %j with Java "subString split error" (a plain Exception)', (s) => {
    expect(buildSubscriptionData('T', s)).toEqual({ ok: false, error: 'Exception', message: 'subString split error' });
  });

  it.each([' ', ' || ', '\t'])('gives no tags, but no error and no subscribe-all, for the blank expression %j', (s) => {
    expect(data(s)).toEqual({ topic: 'T', subString: s, tagsSet: [], codeSet: [] });
  });

  it('keeps a leading empty part (skipped as empty) and drops trailing ones', () => {
    expect(data('||a||').tagsSet).toEqual(['a']);
    expect(data('|||').tagsSet).toEqual(['|']); // split gives ["", "|"]
  });

  it('deduplicates tags and codes, so colliding tags share one code', () => {
    expect(data('Aa || BB || Aa')).toMatchObject({ tagsSet: ['Aa', 'BB'], codeSet: [2112] });
  });

  it('trims with Java trim: a no-break space stays part of the tag', () => {
    expect(data('\u00a0A').tagsSet).toEqual(['\u00a0A']);
  });

  test.prop([fc.array(fc.stringMatching(/^[A-Za-z0-9_]{1,6}$/), { minLength: 1, maxLength: 5 })])(
    'joins of plain tags give those tags, deduplicated in order, and their hash codes',
    (tags) => {
      const d = data(tags.join(' || '));
      expect(d.tagsSet).toEqual([...new Set(tags)]);
      expect(d.codeSet).toEqual([...new Set(tags.map(javaStringHashCode))]);
    },
  );
});

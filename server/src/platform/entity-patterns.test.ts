import { describe, expect, it } from 'vitest';
import { checkEntityPattern, ENTITY_PATTERN_FLAGS } from './entity-patterns';

describe('entity patterns', () => {
  it.each(['(a+)+$', '(a|a)*$', '(\\w+\\s?)*$', '^x(a|a)*$', '([a-z]+)*@', '\\s*\\s*\\s*$'])(
    'refuses %s, which backtracks catastrophically',
    (pattern) => {
      expect(checkEntityPattern(pattern)).toEqual({ ok: false, kind: 'unsafe' });
    },
  );

  it.each([
    '^[A-Z]{2}\\d{4}$',
    '\\b\\d{6}\\b',
    '[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}',
    '\\d{6}',
    // Fixed counts inside a repeated group cannot make the engine backtrack.
    '(\\d{3}-){2}\\d{4}',
    // Lookbehind and unicode classes are understood.
    '(?<=\\$)\\d+',
    '\\p{L}+',
    '^(?:\\+91)?[6-9]\\d{9}$',
  ])('accepts %s', (pattern) => {
    expect(checkEntityPattern(pattern)).toEqual({ ok: true });
  });

  it('refuses a pattern that does not compile, with a readable reason', () => {
    expect(checkEntityPattern('([a-z')).toEqual({ ok: false, kind: 'invalid', reason: 'Unterminated character class' });
    expect(checkEntityPattern('a{2,1}')).toEqual({
      ok: false,
      kind: 'invalid',
      reason: 'numbers out of order in {} quantifier',
    });
  });

  it('compiles with the unicode flag, so a sloppy escape is reported rather than misread', () => {
    expect(ENTITY_PATTERN_FLAGS).toBe('iu');
    expect(checkEntityPattern('a\\-b')).toEqual({ ok: false, kind: 'invalid', reason: 'Invalid escape' });
  });

  it('without the probe, still refuses what does not compile or nests repetition', () => {
    expect(checkEntityPattern('(b+)+', { probe: false })).toEqual({ ok: false, kind: 'unsafe' });
    expect(checkEntityPattern('(x', { probe: false })).toMatchObject({ ok: false, kind: 'invalid' });
    expect(checkEntityPattern('(b|b)*$', { probe: false })).toEqual({ ok: true });
  });

  it('answers quickly for an ordinary pattern', () => {
    const started = performance.now();
    checkEntityPattern('^[A-Z]{3}-\\d{2,5}$');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

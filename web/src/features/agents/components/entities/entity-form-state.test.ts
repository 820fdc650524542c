import { describe, expect, it } from 'vitest';
import { entityMessages } from '@parley/contracts/agent-entities';
import { emptyRow, splitSynonyms, toEntityBody, validateEntity, valueHint } from './entity-form-state';

describe('entity form state', () => {
  it('is valid with a name and a row of synonyms', () => {
    const row = { ...emptyRow(), value: 'Delhi', synonyms: 'New Delhi, Dilli' };
    expect(validateEntity('city', [row])).toEqual({});
    expect(toEntityBody('city', [row])).toEqual({
      name: 'city',
      values: [{ value: 'Delhi', type: 'synonyms', synonyms: 'New Delhi, Dilli' }],
    });
  });

  it('reports the rules with the server keys', () => {
    const errors = validateEntity('', [
      { ...emptyRow(), value: 'a' },
      { ...emptyRow(), value: 'A', synonyms: 'x' },
    ]);
    expect(errors).toMatchObject({
      name: entityMessages.nameRequired,
      'values.0.synonyms': entityMessages.synonymsRequired,
      'values.1.value': entityMessages.valueDuplicate,
    });
    expect(validateEntity('pin', [{ ...emptyRow(), value: 'pin', type: 'pattern' }])).toEqual({
      'values.0.pattern': entityMessages.patternRequired,
    });
  });

  it('hints to give the value first once the empty value was touched', () => {
    expect(valueHint(emptyRow(), 'x')).toBeUndefined();
    expect(valueHint({ ...emptyRow(), valueTouched: true }, 'x')).toBe(entityMessages.valueFirst);
    expect(valueHint({ ...emptyRow(), value: 'a' }, 'dup')).toBe('dup');
  });

  it('splits synonyms on commas and drops blanks', () => {
    expect(splitSynonyms(' a, ,b ,')).toEqual(['a', 'b']);
  });
});

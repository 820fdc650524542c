import { describe, expect, it } from 'vitest';
import {
  addPhrase,
  draftFromIntent,
  editPhrase,
  emptyDraft,
  parameterNameFor,
  refitRefs,
  removeParameter,
  tagEntity,
  toIntentBody,
  updateParameter,
  validateDraft,
  type IntentDraft,
} from './intent-draft';

const city = { id: 'c1', name: 'city' };

function withPhrases(...phrases: string[]): IntentDraft {
  return {
    ...emptyDraft,
    name: 'book',
    response: 'ok',
    phrases: phrases.map((utterance) => ({ utterance, entityRefs: [] })),
  };
}

describe('intent draft', () => {
  it('keeps the handoff mark from the stored intent to the saved body', () => {
    const stored = {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'human_help',
      agentId: '00000000-0000-4000-8000-000000000002',
      storyId: '00000000-0000-4000-8000-000000000003',
      utterances: [],
      responses: [{ response: 'Passing you to our team.' }],
      entities: [],
      handoff: true,
      createdAt: '2026-11-27T10:00:00.000Z',
      updatedAt: '2026-11-27T10:00:00.000Z',
    };
    const draft = draftFromIntent(stored);
    expect(draft.handoff).toBe(true);
    expect(toIntentBody(draft).handoff).toBe(true);
    expect(toIntentBody({ ...draft, handoff: false }).handoff).toBe(false);
    expect(emptyDraft.handoff).toBe(false);
  });

  it('adds phrases on top, ignores empty ones and refuses duplicates by phraseKey', () => {
    const draft = withPhrases('Book a flight');
    expect(addPhrase(draft, '   ')).toBeNull();
    expect(addPhrase(draft, ' book  A FLIGHT ')?.error).toBe('Duplication of utterance name');
    expect(addPhrase(draft, 'x'.repeat(1001))?.error).toBe('A training phrase can have at most 1000 characters');
    expect(addPhrase(draft, ' Fly me ')?.draft?.phrases.map((phrase) => phrase.utterance)).toEqual([
      'Fly me',
      'Book a flight',
    ]);
  });

  it('tags an entity and adds its parameter once', () => {
    let draft = withPhrases('Fly to Delhi', 'Delhi please');
    draft = tagEntity(draft, 0, 7, 12, city);
    draft = tagEntity(draft, 1, 0, 5, city);
    expect(draft.parameters).toEqual([
      { name: 'city', entityId: 'c1', entityName: 'city', required: false, value: '$city', prompts: [] },
    ]);
    expect(draft.phrases[0]!.entityRefs).toEqual([
      { entityId: 'c1', parameter: 'city', entityStartPos: 7, entityEndPos: 12 },
    ]);
    // Tagging an overlapping range replaces the old tag.
    draft = tagEntity(draft, 0, 3, 9, { id: 'sys.date', name: 'date' });
    expect(draft.phrases[0]!.entityRefs.map((ref) => ref.parameter)).toEqual(['date']);
    expect(draft.parameters.map((parameter) => parameter.name)).toEqual(['city', 'date']);
  });

  it('makes entity names valid parameter names, unique in the intent', () => {
    expect(parameterNameFor('from-city')).toBe('from_city');
    expect(parameterNameFor('2nd city')).toBe('p_2nd_city');
    let draft = withPhrases('a b');
    draft = {
      ...draft,
      parameters: [{ name: 'city', entityId: 'other', required: false, value: '$city', prompts: ['?'] }],
    };
    draft = tagEntity(draft, 0, 0, 1, city);
    expect(draft.parameters[1]!.name).toBe('city_2');
  });

  it('keeps tags that still fit an edited phrase and drops the others', () => {
    const refs = [
      { entityId: 'c1', parameter: 'city', entityStartPos: 7, entityEndPos: 12 },
      { entityId: 'd', parameter: 'date', entityStartPos: 13, entityEndPos: 18 },
    ];
    expect(refitRefs('Fly to Delhi today', 'Please fly to Delhi', refs)).toEqual([
      { entityId: 'c1', parameter: 'city', entityStartPos: 14, entityEndPos: 19 },
    ]);
    let draft = tagEntity(withPhrases('Fly to Delhi', 'other'), 0, 7, 12, city);
    draft = editPhrase(draft, 0, '  Fly to Delhi now')!.draft!;
    expect(draft.phrases[0]).toEqual({
      utterance: 'Fly to Delhi now',
      entityRefs: [{ entityId: 'c1', parameter: 'city', entityStartPos: 7, entityEndPos: 12 }],
    });
    expect(editPhrase(draft, 0, 'OTHER')?.error).toBe('Duplication of utterance name');
  });

  it('renames and removes parameters together with their tags', () => {
    let draft = tagEntity(withPhrases('Fly to Delhi', 'x'), 0, 7, 12, city);
    draft = updateParameter(draft, 0, { name: 'destination' });
    expect(draft.parameters[0]).toMatchObject({ name: 'destination', value: '$destination' });
    expect(draft.phrases[0]!.entityRefs[0]!.parameter).toBe('destination');
    draft = removeParameter(draft, 'destination');
    expect(draft.parameters).toEqual([]);
    expect(draft.phrases[0]!.entityRefs).toEqual([]);
  });

  it('validates in the spec order with its words', () => {
    expect(validateDraft({ ...withPhrases('a', 'b'), name: ' ' })).toBe('Intent name should not be empty');
    expect(validateDraft(withPhrases('a'))).toBe('Please give atleast two training phrases save the intent');
    const tagged = tagEntity(withPhrases('Fly to Delhi', 'b'), 0, 7, 12, city);
    expect(validateDraft(tagged)).toBe('prompt cannot be empty');
    const prompted = updateParameter(tagged, 0, { prompts: ['Which city?'] });
    expect(validateDraft({ ...prompted, response: '  ' })).toBe('Responce should not be empty');
    expect(validateDraft(prompted)).toBeNull();
  });
});

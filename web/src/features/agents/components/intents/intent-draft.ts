import {
  intentBody,
  intentLimits,
  intentMessages,
  phraseKey,
  type EntityRef,
  type IntentBody,
  type IntentDetails,
} from '@parley/contracts/agent-stories';

/** One training phrase of the editor, with the entities tagged inside it. */
export interface DraftPhrase {
  utterance: string;
  entityRefs: EntityRef[];
}

/** One entity parameter of the intent (the Entities card). */
export interface DraftParameter {
  name: string;
  entityId: string;
  entityName?: string;
  required: boolean;
  value: string;
  prompts: string[];
}

/** What the intent editor edits: saved as a whole with Create/Save. */
export interface IntentDraft {
  name: string;
  phrases: DraftPhrase[];
  response: string;
  parameters: DraftParameter[];
  /** On a channel, the bot answers, then hands the customer to people. */
  handoff: boolean;
}

export const emptyDraft: IntentDraft = { name: '', phrases: [], response: '', parameters: [], handoff: false };

export function draftFromIntent(intent: IntentDetails): IntentDraft {
  return {
    name: intent.name,
    phrases: intent.utterances.map((row) => ({
      utterance: row.utterance,
      entityRefs: row.entityRefs.map((ref) => ({ ...ref })),
    })),
    response: intent.responses[0]?.response ?? '',
    parameters: intent.entities.map((parameter) => ({ ...parameter, prompts: [...parameter.prompts] })),
    handoff: intent.handoff,
  };
}

/** True when two drafts would save the same intent (the unsaved flag). */
export function sameDraft(a: IntentDraft, b: IntentDraft): boolean {
  const strip = (draft: IntentDraft) => ({
    ...draft,
    parameters: draft.parameters.map(({ entityName: _entityName, ...rest }) => rest),
  });
  return JSON.stringify(strip(a)) === JSON.stringify(strip(b));
}

type Result = { draft: IntentDraft; error?: undefined } | { draft?: undefined; error: string };

/** Adds a phrase (Ctrl+Enter): empty ones are ignored (null), duplicates refused. */
export function addPhrase(draft: IntentDraft, text: string): Result | null {
  const utterance = text.trim();
  if (!utterance) return null;
  if (utterance.length > intentLimits.phraseMax) return { error: intentMessages.phraseTooLong(intentLimits.phraseMax) };
  if (draft.phrases.some((phrase) => phraseKey(phrase.utterance) === phraseKey(utterance)))
    return { error: intentMessages.phraseDuplicate };
  return { draft: { ...draft, phrases: [{ utterance, entityRefs: [] }, ...draft.phrases] } };
}

/**
 * Keeps the tags that still fit the edited text: a tag stays where its text still is, moves to the
 * first free occurrence of its text, or is dropped.
 */
export function refitRefs(oldText: string, newText: string, refs: EntityRef[]): EntityRef[] {
  const kept: EntityRef[] = [];
  const overlaps = (start: number, end: number) =>
    kept.some((ref) => start < ref.entityEndPos && end > ref.entityStartPos);
  for (const ref of refs) {
    const tagged = oldText.slice(ref.entityStartPos, ref.entityEndPos);
    if (!tagged) continue;
    if (
      newText.slice(ref.entityStartPos, ref.entityEndPos) === tagged &&
      !overlaps(ref.entityStartPos, ref.entityEndPos)
    ) {
      kept.push(ref);
      continue;
    }
    let from = newText.indexOf(tagged);
    while (from !== -1 && overlaps(from, from + tagged.length)) from = newText.indexOf(tagged, from + 1);
    if (from !== -1) kept.push({ ...ref, entityStartPos: from, entityEndPos: from + tagged.length });
  }
  return kept.sort((a, b) => a.entityStartPos - b.entityStartPos);
}

/** Replaces the phrase at its index (edit mode); tags that no longer fit are dropped. */
export function editPhrase(draft: IntentDraft, index: number, text: string): Result | null {
  const current = draft.phrases[index];
  if (!current) return null;
  const trimmedStart = text.length - text.trimStart().length;
  const utterance = text.trim();
  if (!utterance) return null;
  if (utterance.length > intentLimits.phraseMax) return { error: intentMessages.phraseTooLong(intentLimits.phraseMax) };
  if (draft.phrases.some((phrase, other) => other !== index && phraseKey(phrase.utterance) === phraseKey(utterance)))
    return { error: intentMessages.phraseDuplicate };
  // Positions are kept relative to the text as typed, then shifted by the trimmed leading spaces.
  const refs = refitRefs(current.utterance, text, current.entityRefs)
    .map((ref) => ({
      ...ref,
      entityStartPos: ref.entityStartPos - trimmedStart,
      entityEndPos: ref.entityEndPos - trimmedStart,
    }))
    .filter((ref) => ref.entityStartPos >= 0 && ref.entityEndPos <= utterance.length);
  const phrases = draft.phrases.map((phrase, other) => (other === index ? { utterance, entityRefs: refs } : phrase));
  return { draft: { ...draft, phrases } };
}

export function removePhrase(draft: IntentDraft, index: number): IntentDraft {
  return { ...draft, phrases: draft.phrases.filter((_phrase, other) => other !== index) };
}

/** An entity name made a valid parameter name (letters, digits, _; starting with a letter). */
export function parameterNameFor(entityName: string): string {
  let name = entityName.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  if (!/^[A-Za-z]/.test(name)) name = `p_${name}`;
  return name.slice(0, 100) || 'parameter';
}

/**
 * Tags [start, end) of a phrase with an entity: the tag replaces overlapping ones, and the entity's
 * parameter is added (not required, value `$name`, no prompts) if the intent has none for it yet.
 */
export function tagEntity(
  draft: IntentDraft,
  index: number,
  start: number,
  end: number,
  entity: { id: string; name: string },
): IntentDraft {
  const phrase = draft.phrases[index];
  if (!phrase || end <= start || end > phrase.utterance.length) return draft;
  let parameters = draft.parameters;
  let parameter = parameters.find((item) => item.entityId === entity.id);
  if (!parameter) {
    const base = parameterNameFor(entity.name);
    const taken = new Set(parameters.map((item) => item.name.toLowerCase()));
    let name = base;
    for (let suffix = 2; taken.has(name.toLowerCase()); suffix += 1) name = `${base}_${suffix}`;
    parameter = { name, entityId: entity.id, entityName: entity.name, required: false, value: `$${name}`, prompts: [] };
    parameters = [...parameters, parameter];
  }
  const refs = phrase.entityRefs
    .filter((ref) => end <= ref.entityStartPos || start >= ref.entityEndPos)
    .concat({ entityId: entity.id, parameter: parameter.name, entityStartPos: start, entityEndPos: end })
    .sort((a, b) => a.entityStartPos - b.entityStartPos);
  const phrases = draft.phrases.map((item, other) => (other === index ? { ...item, entityRefs: refs } : item));
  return { ...draft, phrases, parameters };
}

/** Removes one tag from a phrase (the parameter stays). */
export function untagEntity(draft: IntentDraft, index: number, refIndex: number): IntentDraft {
  const phrases = draft.phrases.map((item, other) =>
    other === index ? { ...item, entityRefs: item.entityRefs.filter((_ref, position) => position !== refIndex) } : item,
  );
  return { ...draft, phrases };
}

/** Removing a parameter removes its tags from the phrases. */
export function removeParameter(draft: IntentDraft, name: string): IntentDraft {
  const key = name.toLowerCase();
  return {
    ...draft,
    parameters: draft.parameters.filter((parameter) => parameter.name.toLowerCase() !== key),
    phrases: draft.phrases.map((phrase) => ({
      ...phrase,
      entityRefs: phrase.entityRefs.filter((ref) => ref.parameter.toLowerCase() !== key),
    })),
  };
}

/** Changes a parameter; a rename follows into the tags (and into the default `$value`). */
export function updateParameter(draft: IntentDraft, index: number, change: Partial<DraftParameter>): IntentDraft {
  const current = draft.parameters[index];
  if (!current) return draft;
  const next = { ...current, ...change };
  if (change.name !== undefined && change.name !== current.name && current.value === `$${current.name}`)
    next.value = `$${change.name}`;
  const parameters = draft.parameters.map((parameter, other) => (other === index ? next : parameter));
  const phrases =
    change.name !== undefined && change.name !== current.name
      ? draft.phrases.map((phrase) => ({
          ...phrase,
          entityRefs: phrase.entityRefs.map((ref) =>
            ref.parameter === current.name ? { ...ref, parameter: change.name! } : ref,
          ),
        }))
      : draft.phrases;
  return { ...draft, parameters, phrases };
}

/** Prompts typed as one string are split on commas (agents.md §5). */
export function splitPrompts(text: string): string[] {
  return text
    .split(',')
    .map((prompt) => prompt.trim())
    .filter(Boolean);
}

export function toIntentBody(draft: IntentDraft): IntentBody {
  return {
    name: draft.name,
    utterances: draft.phrases.map((phrase) => ({
      utterance: phrase.utterance,
      entityDefined: phrase.entityRefs.length > 0,
      entityRefs: phrase.entityRefs,
    })),
    responses: [{ response: draft.response }],
    entities: draft.parameters.map((parameter) => ({
      name: parameter.name,
      entityId: parameter.entityId,
      required: parameter.required,
      value: parameter.value,
      prompts: parameter.prompts,
    })),
    handoff: draft.handoff,
  };
}

/** The checks before Save, in the spec's order and words; then the shared schema for the rest. */
export function validateDraft(draft: IntentDraft): string | null {
  if (!draft.name.trim()) return intentMessages.nameEmpty;
  if (draft.phrases.length < 2) return intentMessages.twoPhrases;
  if (draft.parameters.some((parameter) => parameter.prompts.every((prompt) => !prompt.trim())))
    return intentMessages.promptEmpty;
  if (!draft.response.trim()) return intentMessages.responseEmpty;
  const parsed = intentBody.safeParse(toIntentBody(draft));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? intentMessages.nameRequiredOnSave);
}

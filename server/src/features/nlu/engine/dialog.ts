import type { ConversationState, DialogTurn, DialogTurnInput, EntityMatch, IntentDialog, IntentScore } from './types';

/**
 * Slot filling, one message at a time. Pure: the state goes in and comes out (JSON), so the caller
 * keeps it per session wherever it likes.
 *
 * - A pending parameter is tried first, from this message, with the extractor limited to that
 *   parameter's entity. When it fills, the other missing parameters are tried from the rest of the
 *   message too. When it does not and the message is confidently (≥ threshold) another intent, the
 *   pending intent is dropped and the new one handled; otherwise the attempt counts and the next
 *   prompt is asked (rotating), until `retries` failed attempts: then the out-of-scope message,
 *   pending cleared, intentIdentified false.
 * - Otherwise the top intent below the threshold answers the out-of-scope message (weak
 *   understanding); above it, the intent's parameters are extracted (each takes the first unused
 *   match of its entity, so two parameters of one entity take successive matches); a missing
 *   required parameter is asked with its first prompt; when none is missing the response is sent
 *   with `$name` (the value) and `$name.original` (the text as written) filled in.
 *
 * Reported intent/confidence/utterance: the classifier's top candidate, except on turns that
 * continue a pending intent (a filled or re-asked parameter, or giving up), which report the pending
 * intent with the confidence it was recognised with ("Bombay" alone says little about booking).
 * A parameter's `value`, when it is a literal (not a `$reference`), is the default of an optional
 * parameter the message does not give. A required parameter without prompts is asked with
 * "Please give the <name>." A missing dialog or an intent without responses replies ''.
 */
export function newConversation(): ConversationState {
  return { pending: null, turns: 0 };
}

type Filled = Record<string, { value: string; text: string; entityId: string }>;

const EMPTY_DIALOG = (name: string): IntentDialog => ({ name, responses: [], parameters: [] });

function promptFor(parameter: IntentDialog['parameters'][number], index: number): string {
  if (parameter.prompts.length === 0) return `Please give the ${parameter.name}.`;
  return parameter.prompts[index % parameter.prompts.length]!;
}

function listParameters(dialog: IntentDialog, filled: Filled): DialogTurn['parameters'] {
  return dialog.parameters
    .filter((parameter) => filled[parameter.name])
    .map((parameter) => ({ parameter: parameter.name, ...filled[parameter.name]! }));
}

/** Gives each still-missing parameter the first unused match of its entity. */
function assign(
  parameters: IntentDialog['parameters'],
  matches: EntityMatch[],
  filled: Filled,
  used: Set<EntityMatch>,
) {
  for (const parameter of parameters) {
    if (filled[parameter.name]) continue;
    const hit = matches.find((candidate) => candidate.entityId === parameter.entityId && !used.has(candidate));
    if (!hit) continue;
    used.add(hit);
    filled[parameter.name] = { value: hit.value, text: hit.text, entityId: hit.entityId };
  }
}

/** `$name` → value, `$name.original` → text as written; unknown references stay; tidy spaces. */
export function fillResponse(response: string, dialog: IntentDialog, filled: Filled): string {
  const known = new Map(dialog.parameters.map((parameter) => [parameter.name, parameter]));
  let replacedEmpty = false;
  const out = response.replace(/\$([A-Za-z][A-Za-z0-9_]*)(\.original)?/g, (whole, name: string, original?: string) => {
    if (!known.has(name)) return whole;
    const slot = filled[name];
    const text = slot ? (original ? slot.text : slot.value) : '';
    if (!text) replacedEmpty = true;
    return text;
  });
  if (!replacedEmpty) return out;
  // An empty optional parameter leaves "for  on" or "for ." behind: close the gaps, keep line starts
  // and markdown's trailing double space; a line of empty parameters at the end goes with them.
  return out
    .replace(/(\S) {2,}(?=\S)/g, '$1 ')
    .replace(/(\S) +([.,;:!?])/g, '$1$2')
    .replace(/\s+$/, '');
}

function missingRequired(dialog: IntentDialog, filled: Filled) {
  return dialog.parameters.find((parameter) => parameter.required && !filled[parameter.name]);
}

function scoreOf(ranking: IntentScore[], intent: string) {
  const entry = ranking.find((score) => score.intent === intent);
  return { confidence: entry?.confidence ?? 0, utterance: entry?.utterance ?? null };
}

/** Replies with the response or asks for the next missing required parameter. */
function proceed(
  input: DialogTurnInput,
  dialog: IntentDialog,
  filled: Filled,
  report: { confidence: number; utterance: string | null },
): DialogTurn {
  const turns = input.state.turns + 1;
  const missing = missingRequired(dialog, filled);
  const parameters = listParameters(dialog, filled);
  if (missing) {
    return {
      reply: promptFor(missing, 0),
      state: {
        pending: {
          intent: dialog.name,
          parameter: missing.name,
          attempts: 0,
          promptIndex: 1,
          filled,
          confidence: report.confidence,
          utterance: report.utterance,
        },
        turns,
      },
      intentIdentified: true,
      intent: dialog.name,
      ...report,
      awaitingParameter: missing.name,
      parameters,
    };
  }
  for (const parameter of dialog.parameters)
    if (!filled[parameter.name] && parameter.value && !parameter.value.startsWith('$'))
      filled[parameter.name] = { value: parameter.value, text: parameter.value, entityId: parameter.entityId };
  const response = dialog.responses.length ? dialog.responses[input.state.turns % dialog.responses.length]! : '';
  return {
    reply: fillResponse(response, dialog, filled),
    state: { pending: null, turns },
    intentIdentified: true,
    intent: dialog.name,
    ...report,
    awaitingParameter: null,
    parameters: listParameters(dialog, filled),
  };
}

function fresh(input: DialogTurnInput): DialogTurn {
  const { ranking, threshold, text, extractor, dialogs, state, context } = input;
  const top = ranking[0];
  if (!top || top.confidence < threshold) {
    return {
      reply: input.outOfScopeMessage,
      state: { pending: null, turns: state.turns + 1 },
      intentIdentified: false,
      intent: top?.intent ?? null,
      confidence: top?.confidence ?? 0,
      utterance: top?.utterance ?? null,
      awaitingParameter: null,
      parameters: [],
    };
  }
  const dialog = dialogs.get(top.intent) ?? EMPTY_DIALOG(top.intent);
  const filled: Filled = {};
  if (dialog.parameters.length > 0) {
    const matches = extractor.extract(text, new Set(dialog.parameters.map((parameter) => parameter.entityId)), context);
    assign(dialog.parameters, matches, filled, new Set());
  }
  return proceed(input, dialog, filled, { confidence: top.confidence, utterance: top.utterance });
}

export function dialogTurn(input: DialogTurnInput): DialogTurn {
  const { state, text, ranking, threshold, dialogs, extractor, context } = input;
  const pending = state.pending;
  if (!pending) return fresh(input);
  const dialog = dialogs.get(pending.intent);
  const parameter = dialog?.parameters.find((candidate) => candidate.name === pending.parameter);
  // The intent or parameter changed since (retrained agent): start over with this message.
  if (!dialog || !parameter) return fresh({ ...input, state: { pending: null, turns: state.turns } });

  const report =
    pending.confidence === undefined
      ? scoreOf(ranking, pending.intent)
      : { confidence: pending.confidence, utterance: pending.utterance ?? null };
  const filled: Filled = { ...pending.filled };
  const own = extractor.extract(text, new Set([parameter.entityId]), context);
  const hit = own.find((candidate) => candidate.entityId === parameter.entityId);
  if (hit) {
    filled[parameter.name] = { value: hit.value, text: hit.text, entityId: hit.entityId };
    const others = dialog.parameters.filter((candidate) => !filled[candidate.name]);
    if (others.length > 0) {
      const rest = extractor
        .extract(text, new Set(others.map((candidate) => candidate.entityId)), context)
        .filter((candidate) => candidate.end <= hit.start || candidate.start >= hit.end);
      assign(others, rest, filled, new Set());
    }
    return proceed(input, dialog, filled, report);
  }

  const top = ranking[0];
  if (top && top.confidence >= threshold && top.intent !== pending.intent)
    return fresh({ ...input, state: { pending: null, turns: state.turns } });

  const attempts = pending.attempts + 1;
  const turns = state.turns + 1;
  if (attempts >= input.retries) {
    return {
      reply: input.outOfScopeMessage,
      state: { pending: null, turns },
      intentIdentified: false,
      intent: pending.intent,
      ...report,
      awaitingParameter: null,
      parameters: listParameters(dialog, filled),
    };
  }
  return {
    reply: promptFor(parameter, pending.promptIndex),
    state: { pending: { ...pending, attempts, promptIndex: pending.promptIndex + 1, filled }, turns },
    intentIdentified: true,
    intent: pending.intent,
    ...report,
    awaitingParameter: parameter.name,
    parameters: listParameters(dialog, filled),
  };
}

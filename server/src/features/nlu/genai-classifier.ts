import { AppError } from '../../platform/errors';
import { OutboundError, type OutboundHttp } from '../../platform/outbound-http';
import type { ModelIntentRow } from '../../db/schema/nlu';
import type { IntentScore } from './engine/types';
import { words } from './engine/text';

/** A GenAI integration's connection, decrypted (integrations.service genAiCredentials). */
export interface GenAiCredentials {
  llm: number;
  baseUrl: string;
  model: string;
  apikey: string;
}

/** The model asked for when the configuration names none: OpenAI's small chat model, or GPT-2 (llm 2). */
export const defaultModel = (llm: number) => (llm === 2 ? 'gpt2' : 'gpt-4o-mini');
/** The prompt lists every intent with a few examples, within this many characters. */
const PROMPT_BUDGET = 12_000;
const MAX_EXAMPLES = 5;

type ChatMessage = { role: 'system' | 'user'; content: string };

function failed(message: string): AppError {
  return new AppError('NLU_GENAI_FAILED', { message });
}

/** One OpenAI-compatible chat completion through the guarded outbound client; the answer's text. */
export async function chatCompletion(
  outbound: OutboundHttp,
  credentials: GenAiCredentials,
  messages: ChatMessage[],
  options: { temperature: number; maxTokens: number },
): Promise<string> {
  const baseUrl = credentials.baseUrl.replace(/\/+$/, '');
  let response;
  try {
    response = await outbound.request({
      url: `${baseUrl}/chat/completions`,
      method: 'POST',
      headers: {
        authorization: `Bearer ${credentials.apikey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({
        model: credentials.model || defaultModel(credentials.llm),
        messages,
        temperature: options.temperature,
        max_tokens: options.maxTokens,
      }),
    });
  } catch (error) {
    if (error instanceof OutboundError) throw failed(`Could not reach the GenAI endpoint ${baseUrl}: ${error.message}`);
    throw error;
  }
  let body:
    { choices?: { message?: { content?: unknown }; text?: unknown }[]; error?: { message?: unknown } } | undefined;
  try {
    body = JSON.parse(response.body) as typeof body;
  } catch {
    body = undefined;
  }
  if (response.status === 401 || response.status === 403)
    throw failed(`The GenAI endpoint refused the API key (HTTP ${response.status})`);
  if (response.status < 200 || response.status >= 300) {
    const detail = typeof body?.error?.message === 'string' ? `: ${body.error.message.slice(0, 300)}` : '';
    throw failed(`The GenAI endpoint answered HTTP ${response.status}${detail}`);
  }
  const choice = body?.choices?.[0];
  const content = choice?.message?.content ?? choice?.text;
  if (typeof content !== 'string') throw failed('The GenAI endpoint answered, but not like an OpenAI-compatible API');
  return content;
}

/** The first JSON value in a model's answer (code fences and prose around it are tolerated). */
export function parseJsonAnswer(text: string): unknown {
  const unfenced = text.replace(/```(?:json)?/gi, '').trim();
  try {
    return JSON.parse(unfenced);
  } catch {
    // fall through to the first {...} or [...] block
  }
  for (const [open, close] of [
    ['{', '}'],
    ['[', ']'],
  ] as const) {
    const start = unfenced.indexOf(open);
    const end = unfenced.lastIndexOf(close);
    if (start >= 0 && end > start) {
      try {
        return JSON.parse(unfenced.slice(start, end + 1));
      } catch {
        // try the next shape
      }
    }
  }
  return undefined;
}

/** The phrase of an intent sharing the most words with the message (the "utterance" of the answer). */
export function nearestPhrase(text: string, phrases: readonly string[]): string | null {
  const wanted = new Set(words(text));
  let best: string | null = null;
  let bestScore = -1;
  for (const phrase of phrases) {
    const own = new Set(words(phrase));
    let shared = 0;
    for (const word of own) if (wanted.has(word)) shared += 1;
    const score = shared / Math.sqrt(Math.max(1, own.size) * Math.max(1, wanted.size));
    if (score > bestScore) {
      bestScore = score;
      best = phrase;
    }
  }
  return best;
}

/** The classification prompt: every intent with up to five examples, shortened to fit the budget. */
export function classificationPrompt(intents: readonly ModelIntentRow[], text: string): ChatMessage[] {
  let examples = MAX_EXAMPLES;
  let listing = '';
  for (; examples >= 0; examples -= 1) {
    listing = intents
      .map((intent) => {
        const shown = intent.phrases.slice(0, examples).map((phrase) => JSON.stringify(phrase.slice(0, 200)));
        return `- ${JSON.stringify(intent.name)}${shown.length ? `: ${shown.join(', ')}` : ''}`;
      })
      .join('\n');
    if (listing.length <= PROMPT_BUDGET) break;
  }
  return [
    {
      role: 'system',
      content:
        "You classify the message of a user talking to a virtual agent into one of the agent's intents. " +
        'Answer with JSON only, no prose: {"intent": "<one intent name exactly as listed, or none>", "confidence": <a number from 0 to 1>}. ' +
        'Use "none" when the message fits no intent.',
    },
    {
      role: 'user',
      content: `Intents with example phrases:\n${listing.slice(0, PROMPT_BUDGET)}\n\nMessage: ${JSON.stringify(text)}`,
    },
  ];
}

/**
 * The OpenAi / GPT2 model types: the agent's GenAI endpoint picks the intent from the examples.
 * Answers a ranking of one intent (or none when the model says none), like a lexical classifier.
 */
export async function classifyWithGenAi(
  outbound: OutboundHttp,
  credentials: GenAiCredentials,
  intents: readonly ModelIntentRow[],
  text: string,
): Promise<IntentScore[]> {
  const answer = await chatCompletion(outbound, credentials, classificationPrompt(intents, text), {
    temperature: 0,
    maxTokens: 100,
  });
  const parsed = parseJsonAnswer(answer) as { intent?: unknown; confidence?: unknown } | undefined;
  if (!parsed || typeof parsed !== 'object' || typeof parsed.intent !== 'string')
    throw failed('The GenAI endpoint\'s answer was not the JSON {"intent", "confidence"} it was asked for');
  const name = parsed.intent.trim().toLowerCase();
  const intent = intents.find((candidate) => candidate.name.toLowerCase() === name);
  if (!intent) return [];
  const raw = typeof parsed.confidence === 'number' ? parsed.confidence : Number(parsed.confidence);
  // Some models answer a percentage.
  const scaled = Number.isFinite(raw) ? (raw > 1 ? raw / 100 : raw) : 1;
  const confidence = Math.min(1, Math.max(0, scaled));
  return [{ intent: intent.name, confidence, utterance: nearestPhrase(text, intent.phrases) }];
}

/** Paraphrases of the selected phrases from the GenAI endpoint (auto-generate, agents.md §5). */
export async function paraphraseWithGenAi(
  outbound: OutboundHttp,
  credentials: GenAiCredentials,
  lines: readonly string[],
  count: number,
): Promise<string[]> {
  const answer = await chatCompletion(
    outbound,
    credentials,
    [
      {
        role: 'system',
        content:
          'You write training phrases for a virtual agent. Given example phrases of one intent, write new phrases a user ' +
          'could type with the same meaning, varied in wording and length, in the same language. ' +
          'Answer with a JSON array of strings only, no prose.',
      },
      {
        role: 'user',
        content: `Write ${count} new phrases like these:\n${lines.map((line) => `- ${line.slice(0, 500)}`).join('\n')}`,
      },
    ],
    { temperature: 0.8, maxTokens: 800 },
  );
  const parsed = parseJsonAnswer(answer);
  const list = Array.isArray(parsed)
    ? parsed
    : answer
        .split('\n')
        .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
        .filter((line) => line.length > 0);
  const phrases = list
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim().replace(/^["']|["']$/g, ''))
    .filter((item) => item.length > 0 && item.length <= 1000);
  if (phrases.length === 0) throw failed('The GenAI endpoint answered without any phrase');
  return phrases.slice(0, count);
}

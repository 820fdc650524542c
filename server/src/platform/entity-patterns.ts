import vm from 'node:vm';
import safeRegex from 'safe-regex2';

/**
 * Flags every entity pattern is compiled with, here and by the NLU engine that later runs them:
 * case-insensitive (a user's "delhi" matches a pattern written for "Delhi") and unicode, so that
 * `\p{L}` works for Hindi and other scripts and sloppy escapes such as `\-` outside a class are
 * reported at save time instead of silently meaning something else.
 */
export const ENTITY_PATTERN_FLAGS = 'iu';

/** Budget for one probe run; a pattern that needs longer on a short input backtracks catastrophically. */
const PROBE_TIMEOUT_MS = 50;
const PROBE_ATTEMPTS = 3;
/** Exponential blow-ups show at a few dozen characters; polynomial ones need long inputs. */
const SHORT_REPEAT = 28;
const LONG_REPEAT = 800;
const MAX_CANDIDATES = 14;
const MAX_PAIR_CANDIDATES = 5;
const SUFFIXES = ['!', '\u2603'];

export type PatternCheck =
  { ok: true } | { ok: false; kind: 'invalid'; reason: string } | { ok: false; kind: 'unsafe' };

/** The readable part of V8's SyntaxError ("Invalid regular expression: /([a-z/iu: Unterminated character class"). */
function syntaxReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const match = /^Invalid regular expression: \/.*\/[a-z]*: (.+)$/s.exec(message);
  return (match?.[1] ?? message).trim();
}

/**
 * Star height through safe-regex2 (nested repetition such as `(a+)+` or `(\w+\s?)*`). Before the
 * check, constructs its parser does not know are rewritten to equivalents of the same shape:
 * lookbehinds and inline modifiers become plain groups, and fixed counts (`{3}`, `{2,2}`) are dropped
 * because a repetition that cannot vary cannot make the engine backtrack — `(\d{3}-){2}\d{4}` is safe.
 * The repetition-count limit of safe-regex2 is lifted: many bounded counts are not dangerous.
 */
function nestedRepetition(pattern: string): boolean {
  const normalised = pattern
    .replace(/\(\?<[=!]/g, '(?:')
    .replace(/\(\?[a-z]*-?[a-z]*:/g, '(?:')
    .replace(/(?<!\\)\{(\d+)(?:,\1)?\}/g, '');
  return !safeRegex(normalised, { limit: Number.MAX_SAFE_INTEGER });
}

const CLASS_SAMPLES: Record<string, string[]> = {
  d: ['1'],
  D: ['a'],
  w: ['a', '1', '_'],
  W: [' ', '-'],
  s: [' '],
  S: ['a'],
  b: [],
  B: [],
  p: ['a', '\u0905'],
  P: ['1', ' '],
};

/** Characters the pattern plausibly accepts: its literals, class members and range starts. */
function candidateCharacters(pattern: string): string[] {
  const found: string[] = [];
  const add = (...chars: string[]) => {
    for (const char of chars) if (char && !found.includes(char)) found.push(char);
  };
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === '\\') {
      const next = pattern[index + 1] ?? '';
      index += 1;
      if (next in CLASS_SAMPLES) add(...CLASS_SAMPLES[next]!);
      else if (!/[0-9a-zA-Z]/.test(next)) add(next);
    } else if (char === '.') add('a', '.');
    else if (!'()[]{}|?*+^$,-'.includes(char)) add(char);
    else if (char === '-' || char === ',') add(char);
  }
  add('a', '1', ' ');
  return found.slice(0, MAX_CANDIDATES);
}

/** A literal run after a leading `^`, so that anchored patterns are probed past their fixed start. */
function literalPrefix(pattern: string): string {
  const match = /^\^?((?:[^\\()[\]{}|?*+^$.]|\\[^0-9a-zA-Z])*)/.exec(pattern);
  const run = (match?.[1] ?? '').replace(/\\(.)/g, '$1');
  // The last literal may be quantified (`ab+`): keep it out of the prefix.
  return /^[?*+{]/.test(pattern.slice(match?.[0].length ?? 0)) ? run.slice(0, -1) : run;
}

function probeInputs(pattern: string): string[] {
  const candidates = candidateCharacters(pattern);
  const prefixes = [...new Set(['', literalPrefix(pattern)])];
  const units = [...candidates];
  const pairable = candidates.slice(0, MAX_PAIR_CANDIDATES);
  for (const first of pairable) for (const second of pairable) if (first !== second) units.push(first + second);
  const inputs: string[] = [];
  for (const prefix of prefixes)
    for (const suffix of SUFFIXES) {
      for (const unit of units) inputs.push(prefix + unit.repeat(Math.ceil(SHORT_REPEAT / unit.length)) + suffix);
      for (const unit of candidates) inputs.push(prefix + unit.repeat(LONG_REPEAT) + suffix);
    }
  return inputs;
}

/** One probe; true when it ran out of time. */
function runOutOfTime(context: vm.Context, input: string): boolean {
  context.input = input;
  try {
    vm.runInContext('new RegExp(source, flags).test(input)', context, { timeout: PROBE_TIMEOUT_MS });
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return true;
    throw error;
  }
}

/**
 * Runs the pattern against inputs built to make a backtracking engine explode (long runs of what
 * the pattern accepts, ended by something it does not). V8 interrupts a runaway regular expression
 * when a vm script times out, so every probe runs under a timeout. The timeout is wall-clock time:
 * a busy machine can pause the process past it, so a probe counts as too slow only when it runs
 * out of time PROBE_ATTEMPTS times in a row.
 */
function probeTimesOut(pattern: string): boolean {
  const context = vm.createContext({ source: pattern, flags: ENTITY_PATTERN_FLAGS, input: '' });
  return probeInputs(pattern).some((input) => {
    for (let attempt = 0; attempt < PROBE_ATTEMPTS; attempt += 1) if (!runOutOfTime(context, input)) return false;
    return true;
  });
}

const cache = new Map<string, PatternCheck>();
const CACHE_SIZE = 500;

/**
 * Whether an entity pattern compiles with the entity flags and can be run safely on user text.
 * `probe: false` skips the empirical probe (compile and star height only): the service uses it
 * for the rows after a first refusal, so that a body full of slow patterns cannot hold the
 * server for long.
 */
export function checkEntityPattern(pattern: string, options: { probe?: boolean } = {}): PatternCheck {
  const cached = cache.get(pattern);
  if (cached) return cached;
  let invalid: PatternCheck | undefined;
  try {
    new RegExp(pattern, ENTITY_PATTERN_FLAGS);
  } catch (error) {
    invalid = { ok: false, kind: 'invalid', reason: syntaxReason(error) };
  }
  if (!invalid && !nestedRepetition(pattern) && options.probe === false) return { ok: true };
  const result: PatternCheck =
    invalid ?? (nestedRepetition(pattern) || probeTimesOut(pattern) ? { ok: false, kind: 'unsafe' } : { ok: true });
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(pattern, result);
  return result;
}

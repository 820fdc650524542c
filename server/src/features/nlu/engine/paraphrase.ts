import { seededRandom, shuffleInPlace } from './seeded-random';
import type { Language } from './types';
import { hasDevanagari, words } from './text';

/**
 * Offline training-phrase candidates (issue 5 §8, used when the agent has no GenAI integration):
 * 1. frames: the request inside a line ("I want to cancel my order" → "cancel my order") is put in
 *    other frames ("can you …", "I'd like to …", "please …", "how do I …", "… please");
 * 2. question shapes: "where is my order" → "can you tell me where my order is";
 * 3. synonyms from a small customer-service thesaurus ("order" → "purchase", "refund" → "money back").
 * Candidates are unique (by normalised words), never equal to an input line, deterministic for a
 * seed, and spread over the input lines round-robin. Devanagari lines get Hindi frames and synonyms;
 * romanised Hindi gets the English frames plus a few Hinglish swaps.
 */

/* prettier-ignore */
const THESAURUS: Record<string, string[]> = {
  order: ['purchase'], orders: ['purchases'], purchase: ['order'],
  cancel: ['call off', 'stop'], refund: ['money back', 'reimbursement'], book: ['reserve'], reserve: ['book'],
  buy: ['purchase', 'get'], get: ['receive', 'obtain'], receive: ['get'], check: ['see', 'look up', 'verify'],
  change: ['update', 'modify'], update: ['change'], modify: ['change'], help: ['assist', 'support'],
  problem: ['issue'], issue: ['problem'], delivery: ['shipment'], deliver: ['ship', 'send'], ship: ['deliver'],
  track: ['trace', 'follow'], account: ['profile'], payment: ['transaction'], price: ['cost', 'rate'],
  cost: ['price'], fast: ['quick'], quick: ['fast'], broken: ['damaged', 'faulty'], damaged: ['broken'],
  wrong: ['incorrect'], show: ['display'], find: ['locate'], start: ['begin'], stop: ['end'],
  talk: ['speak'], speak: ['talk'], agent: ['representative', 'executive'], bill: ['invoice'], invoice: ['bill'],
  item: ['product'], product: ['item'], late: ['delayed'], delayed: ['late'], hi: ['hello'], hello: ['hi'],
  need: ['want', 'require'], want: ['need', 'wish'], send: ['forward', 'email'], remove: ['delete'],
  delete: ['remove'], add: ['include'], fix: ['resolve', 'sort out'], resolve: ['fix'], subscription: ['plan'],
  plan: ['package'], return: ['send back'], exchange: ['swap'], replace: ['exchange'], contact: ['reach'],
  complaint: ['grievance'], status: ['progress'], ticket: ['booking'], money: ['amount'], phone: ['mobile'],
  mobile: ['phone'], number: ['no.'], email: ['mail'], address: ['location'], login: ['sign in'],
  password: ['passcode'], card: ['debit card'], amount: ['sum'], details: ['information', 'info'],
  info: ['details'], information: ['details'], tell: ['inform'], know: ['find out'], now: ['right now', 'immediately'],
  today: ['right away'], please: ['kindly'], kindly: ['please'],
  // Hinglish
  mujhe: ['mereko', 'muje'], chahiye: ['chahie'], batao: ['bataiye', 'bata do'], bataiye: ['batao'],
  karna: ['karwana'], kaise: ['kis tarah'],
};

/* prettier-ignore */
const HINDI_THESAURUS: Record<string, string[]> = {
  'मुझे': ['मुझको'], 'चाहिए': ['चाहिये'], 'बताइए': ['बताओ', 'बताइये'], 'बताओ': ['बताइए'],
  'कैंसिल': ['रद्द'], 'रद्द': ['कैंसिल'], 'ऑर्डर': ['आर्डर'], 'टिकट': ['टिकिट'], 'पैसे': ['रकम', 'रुपये'],
  'मदद': ['सहायता'], 'सहायता': ['मदद'], 'बदलना': ['बदलवाना'], 'खाता': ['अकाउंट'], 'अकाउंट': ['खाता'],
  'समस्या': ['दिक्कत', 'परेशानी'], 'दिक्कत': ['समस्या'], 'जानकारी': ['डिटेल'], 'कब': ['किस दिन'],
};

/** Frames that wrap a request (a verb phrase). */
const REQUEST_FRAMES = [
  'can you {core}',
  'could you please {core}',
  'i want to {core}',
  "i'd like to {core}",
  'i would like to {core}',
  'please {core}',
  'how do i {core}',
  'i need to {core}',
  'help me {core}',
  'is it possible to {core}',
  '{core} please',
  'how can i {core}',
  'i wanna {core}',
  'kindly {core}',
];
/** Prefixes stripped to find the request inside a line, longest first. */
const FRAME_PREFIXES = [
  'could you please',
  'can you please',
  'would you please',
  'is it possible to',
  'i would like to',
  "i'd like to",
  'i want to',
  'i need to',
  'i wanna',
  'i wish to',
  'how do i',
  'how can i',
  'how to',
  'help me',
  'could you',
  'can you',
  'can i',
  'please',
  'kindly',
  'let me',
  'i have to',
];
/** Verbs that start a request line without a frame ("cancel my order"). */
const REQUEST_VERBS = new Set(
  (
    'cancel book check track change update reset order buy get find show tell send return pay open close add ' +
    'remove delete talk speak contact apply renew upgrade downgrade download login log sign register transfer ' +
    'block unblock activate deactivate report schedule reschedule confirm make view see know exchange replace ' +
    'refund recharge redeem claim raise file submit verify link unlink stop start subscribe unsubscribe'
  ).split(' '),
);

const HINDI_FRAMES = ['कृपया {line}', '{line} कृपया', '{line}, मदद कीजिए', 'नमस्ते, {line}'];

const shuffle = <T>(items: readonly T[], next: () => number): T[] => shuffleInPlace([...items], next);

const clean = (line: string) =>
  line
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.!?।]+$/u, '');

/** The request inside a line, or null when the line is not one. */
function requestCore(line: string): string | null {
  const lower = line.toLowerCase();
  for (const prefix of FRAME_PREFIXES)
    if (lower.startsWith(`${prefix} `)) {
      const rest = line.slice(prefix.length + 1).replace(/^(please|kindly) /i, '');
      const core = rest.replace(/ please$/i, '');
      return core.split(' ').length >= 1 && REQUEST_VERBS.has(core.split(' ')[0]!.toLowerCase()) ? core : null;
    }
  const withoutPlease = line.replace(/ please$/i, '');
  return REQUEST_VERBS.has(withoutPlease.split(' ')[0]!.toLowerCase()) ? withoutPlease : null;
}

/** "where is my order" → "can you tell me where my order is" and friends. */
function questionVariants(line: string): string[] {
  const hit = /^(where|what|when|how much|how long|why|which) (is|are|was|were|does|do|will) (.+)$/i.exec(line);
  if (!hit) return [];
  const [, wh, verb, rest] = hit;
  const whl = wh!.toLowerCase();
  if (/^(does|do|will)$/i.test(verb!))
    return [
      `can you tell me ${whl} ${verb!.toLowerCase()} ${rest}`,
      `i want to know ${whl} ${verb!.toLowerCase()} ${rest}`,
    ];
  return [
    `can you tell me ${whl} ${rest} ${verb!.toLowerCase()}`,
    `i want to know ${whl} ${rest} ${verb!.toLowerCase()}`,
    `please tell me ${whl} ${rest} ${verb!.toLowerCase()}`,
    `any idea ${whl} ${rest} ${verb!.toLowerCase()}`,
  ];
}

function synonymVariants(line: string, thesaurus: Record<string, string[]>, next: () => number): string[] {
  const parts = line.split(' ');
  const positions = parts
    .map((part, index) => ({ index, options: thesaurus[part.toLowerCase()]?.filter((o) => o !== part.toLowerCase()) }))
    .filter((slot): slot is { index: number; options: string[] } => !!slot.options?.length);
  const variants: string[] = [];
  for (const slot of shuffle(positions, next)) {
    for (const option of slot.options) {
      const copy = [...parts];
      copy[slot.index] = option;
      variants.push(copy.join(' '));
    }
  }
  // One variant with two substitutions, for more distance from the original.
  if (positions.length >= 2) {
    const [first, second] = shuffle(positions, next);
    const copy = [...parts];
    copy[first!.index] = first!.options[0]!;
    copy[second!.index] = second!.options[0]!;
    variants.push(copy.join(' '));
  }
  return variants;
}

function candidatesFor(line: string, language: Language, next: () => number): string[] {
  const base = clean(line);
  if (!base) return [];
  if (hasDevanagari(base)) {
    const out = shuffle(HINDI_FRAMES, next).map((frame) => frame.replace('{line}', base));
    out.push(...synonymVariants(base, HINDI_THESAURUS, next));
    return shuffle(out, next);
  }
  const out: string[] = [];
  const core = requestCore(base);
  if (core) {
    const coreLower = core[0]!.toLowerCase() + core.slice(1);
    const frames = shuffle(REQUEST_FRAMES, next).map((frame) => frame.replace('{core}', coreLower));
    out.push(...frames);
    // Frames over a synonym variant of the request too.
    const swapped = synonymVariants(coreLower, THESAURUS, next);
    frames.slice(0, 4).forEach((frame, index) => {
      const alternative = swapped[index % Math.max(1, swapped.length)];
      if (alternative) out.push(frame.replace(coreLower, alternative));
    });
  }
  out.push(...questionVariants(base));
  out.push(...synonymVariants(base, THESAURUS, next));
  // Light reordering: a leading "please" moves to the end and back.
  if (/^please /i.test(base)) out.push(`${base.slice(7)} please`);
  if (!core && !/\?$/.test(line.trim()))
    out.push(`please help, ${base}`, `${base}, can you help`, `hi, ${base}`, `${base}, what should I do`);
  void language;
  return shuffle(out, next);
}

const key = (text: string) => words(text).join(' ');

function styleLike(candidate: string, original: string): string {
  const trimmed = candidate.replace(/\s+/g, ' ').trim();
  const capital = /^\p{Lu}/u.test(original.trim());
  const styled = capital ? trimmed[0]!.toUpperCase() + trimmed.slice(1) : trimmed;
  return styled.replace(/\bi\b/g, 'I').replace(/\bi'(d|m|ll|ve)\b/g, "I'$1");
}

export function generateParaphrases(lines: string[], count: number, language: Language, seed = 1): string[] {
  if (count <= 0) return [];
  const next = seededRandom(seed);
  const seen = new Set(lines.map(key));
  const pools = lines.map((line) => ({ line, candidates: candidatesFor(line, language, next) }));
  const result: string[] = [];
  let progressed = true;
  while (result.length < count && progressed) {
    progressed = false;
    for (const pool of pools) {
      while (pool.candidates.length > 0) {
        const candidate = styleLike(pool.candidates.shift()!, pool.line);
        const id = key(candidate);
        if (!id || seen.has(id)) continue;
        seen.add(id);
        result.push(candidate);
        progressed = true;
        break;
      }
      if (result.length >= count) break;
    }
  }
  return result;
}

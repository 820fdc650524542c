import * as chrono from 'chrono-node';
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/max';
import type { EntityMatch, Language } from './types';
import { normalizeText, tokenize, type Token } from './text';

/**
 * System entities (contracts/agent-entities.ts `systemEntities`), extracted by rules, with chrono-node
 * as a fallback for English dates: no model, no network. Every finder returns candidate matches with
 * offsets in the original message; overlaps are resolved by the entity extractor (longest first), so a
 * phrase that is one date or one time gives one match covering it. Every message is read against a
 * CalendarContext: the conversation's instant, its timezone (the customer's or the enterprise's) and
 * its region. Table of readings: system-entities.cases.ts; decision: docs/decisions/020.
 *
 * Values:
 * - sys.number: the number as plain digits, sign kept ("twenty one" → "21", "1,00,000" → "100000",
 *   "2.50" → "2.5", "-504", ".77"/"point 77" → "0.77", "1 point 1" → "1.1", "two point two million"
 *   → "2200000", "three thousand millions" → "3000000000"); scale words and their plurals, Indian
 *   and chat forms ("5 lakh", "2 cr", "3 crore", "100k", "3M", "1.2M", "2.5bn", "15 lkh", "three
 *   hundred cr"; a lower-case "3m" is metres, not read); "minus 40", "negative five" keep their
 *   sign; "a dozen", "3 dozens" (not "dozens" alone);
 * - sys.ordinal: the position as digits ("third", "3rd", "तीसरा" → "3");
 * - sys.date: yyyy-mm-dd, on the calendar of the context's timezone.
 *   Numeric dates follow the region's order: day first, except month-first regions (US, PH and a few
 *   US territories); "2015-3-3" is year first everywhere. Two-digit years up to ten years ahead are
 *   this century's, the others the last ("05.01.27" → 2027, "31/10/74" → 1974). A date without a
 *   year ("15/2", "on 10/10", "march first", "Feb 18") is the next such day on or after today; small
 *   fractions ("1/2", "3/4") are dates only after "on", "by", "from" and the like. "on the 15th" is
 *   the next 15th on or after today; "20th of next month", "20 of this month", "the 10th of last
 *   month"; "first tuesday of october", "last friday of next month", "first monday of the month";
 *   "third day of october", "the last day of the month"; "wednesday of next week", "sunday this week",
 *   "last week's sunday" (weeks start on Monday); "friday after next"; "Tuesday 19th" (the next 19th
 *   that is a Tuesday). A weekday written with a date belongs to it ("Monday, Feb 18", "Jul 18, Fri"
 *   are one match; the date decides, except that a date without a year takes the year before, up to
 *   60 days ago, or the year after when the weekday falls there: "Fri, Jul 18"). Weekdays:
 *   "monday"/"this monday"/"on monday" is the next Monday on or after today, "next monday" the first
 *   Monday after today (documented readings, kept), "last sunday" / "this past sunday" the most
 *   recent one before today; short forms only capitalised or with a qualifier, except "tue", "thu",
 *   "fri" (no other word). Offsets: "in a week", "in 3 days", "after
 *   2 weeks", "a week from today", "10 days later", "3 weeks ago", "2 months ago" (a bare "3 days" is
 *   a duration, not read); "the day before yesterday", "day after tomorrow", "this afternoon" (today).
 *   Hindi/Hinglish: "आज"/"aaj" today, "कल"/"kal" tomorrow (kal also means yesterday; we read it
 *   forward, as a booking bot should), "परसों"/"parso" the day after, "अगले सोमवार"/"agle somvar"
 *   next Monday, "pichle ravivar" last Sunday, "2 din baad", "3 din pehle", "5 दिन बाद". English
 *   phrases none of these rules read and that chrono-node reads as a day without a clock time ("end
 *   of the month", "next week") come from chrono-node (en.GB, or en for month-first regions), never
 *   where a rule found a date or time, never for numeric forms;
 * - sys.time: HH:mm (24 h). "10:30", "5 pm", "17:45", "noon", "12 noon", "midnight"; an hour without
 *   am/pm takes it from a part of the day around it ("3 o'clock in the afternoon", "at 8 in the
 *   evening", "8 tonight", "tonight at 8 o'clock", "this afternoon at 3:20", "11 at night", "12 at
 *   night" = 00:00); "tonight", "this afternoon" stay dates and are not part of the time's span, "in
 *   the afternoon" and "at night" are. Spelled-out times ("at three am", "seven thirty p.m.", "seven
 *   oh five pm"), "a quarter past 3pm", "20 minutes past 3pm", "ten to six pm", "half past seven";
 *   run-together hours with am/pm or after "at"/"by" ("330 p.m.", "at 1030"). A bare hour ("at 8")
 *   is not a time, nor is "5 to 9" (a range); "3 o'clock" without a part of the day is 03:00 as
 *   written. Also "3:15p", "at 3p", "9:01:10", "15h30", "at 9h15" ("3h20" alone is a duration), "20
 *   past 3pm", "a quarter past noon", "3 in the AM", "730 in the evening", "mid-day". Hindi/Hinglish: "5 बजे"/"5 baje" with सुबह/subah (am), दोपहर/शाम/रात, dopahar/shaam/raat (pm);
 * - sys.email: as written, domain lower-cased;
 * - sys.phone: E.164 through libphonenumber-js (full metadata, only valid numbers), numbers without
 *   a country code read in the context's region;
 * - sys.url: as written, trailing punctuation dropped ("https://…", "www.…", bare domains with a
 *   common top-level domain);
 * - sys.amount: "<number> <ISO currency>" ("₹500" → "500 INR", "15 euros" → "15 EUR"). The currency
 *   may be written before or after, spaced or glued ("Rs20", "20Rs", "10$", "$10K", "USD3.14",
 *   "100元"); cents and paise join the amount ("$20 and 43c" → "20.43 USD", "20 rupees 43" → "20.43
 *   INR"); "a dollar" is 1 USD ("a pound" is a weight), "75 cents"/"99¢" 0.75/0.99 USD. Currencies: INR, USD, EUR, GBP, JPY (¥), AED, SGD, SAR (riyals, SR, ﷼), QAR (QR, qatari
 *   riyals), KWD (KD, dinars), CAD (C$), AUD (A$), CHF (francs), CNY (yuan, RMB, 元), MYR (RM,
 *   ringgit);
 * - sys.percentage: the number ("12.5 percent" → "12.5");
 * - sys.person: a name after a cue ("my name is", "I am", "I'm", "this is", "call me", "mera naam",
 *   "मेरा नाम"), capitalised words after the weaker cues; or a message that is only one to three
 *   capitalised words. Limits: no gazetteer, so a capitalised non-name after "I am" ("I am Angry")
 *   is refused only when it is in a small list of common words, and a lower-case name counts only
 *   after "my name is"/"call me"/"mera naam".
 */
export interface SystemEntityOptions extends CalendarContext {
  language: Language;
}

type Candidate = EntityMatch;

const match = (entityId: string, value: string, text: string, start: number, end: number): Candidate => ({
  entityId,
  value,
  text: text.slice(start, end),
  start,
  end,
});

// ---------------------------------------------------------------------------------------------
// Numbers

/** Word tables are looked up with token norms: keys go through the same normalisation (NFKC splits ज़, ड़). */
function normalisedKeys(table: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(table).map(([key, value]) => [normalizeText(key), value]));
}

const UNITS: Record<string, number> = normalisedKeys({
  zero: 0,
  oh: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  // Hindi, Devanagari (romanised Hindi numbers collide with English words: "do", "char").
  एक: 1,
  दो: 2,
  तीन: 3,
  चार: 4,
  पांच: 5,
  पाँच: 5,
  छह: 6,
  छः: 6,
  सात: 7,
  आठ: 8,
  नौ: 9,
  दस: 10,
  बीस: 20,
  पचास: 50,
});
delete UNITS.oh; // "oh" reads as an interjection far more often than as zero.

const TENS: Record<string, number> = normalisedKeys({
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
});

const SCALES: Record<string, number> = normalisedKeys({
  hundred: 100,
  thousand: 1_000,
  k: 1_000,
  lakh: 100_000,
  lakhs: 100_000,
  lac: 100_000,
  lacs: 100_000,
  lkh: 100_000,
  lkhs: 100_000,
  hundreds: 100,
  thousands: 1_000,
  million: 1_000_000,
  millions: 1_000_000,
  mn: 1_000_000,
  crore: 10_000_000,
  crores: 10_000_000,
  krore: 10_000_000,
  krores: 10_000_000,
  dozen: 12,
  dozens: 12,
  cr: 10_000_000,
  billion: 1_000_000_000,
  billions: 1_000_000_000,
  bn: 1_000_000_000,
  trillion: 1_000_000_000_000,
  trillions: 1_000_000_000_000,
  सौ: 100,
  हज़ार: 1_000,
  हजार: 1_000,
  लाख: 100_000,
  करोड़: 10_000_000,
});

const ORDINAL_WORDS: Record<string, number> = normalisedKeys({
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
  fortieth: 40,
  fiftieth: 50,
  sixtieth: 60,
  seventieth: 70,
  eightieth: 80,
  ninetieth: 90,
  hundredth: 100,
  पहला: 1,
  पहली: 1,
  पहले: 1,
  दूसरा: 2,
  दूसरी: 2,
  दूसरे: 2,
  तीसरा: 3,
  तीसरी: 3,
  तीसरे: 3,
  चौथा: 4,
  चौथी: 4,
  चौथे: 4,
  पांचवां: 5,
  पाँचवाँ: 5,
  पांचवीं: 5,
});

/** Digits: Western grouping (1,200,000), Indian grouping (1,00,000; 12,34,567) or plain (1200.50). */
const DIGITS_SOURCE = String.raw`(?:\d{1,2}(?:,\d{2})+,\d{3}|\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
const DIGITS = new RegExp(
  String.raw`(?<![\p{L}\p{N}]|\d[.,])` + DIGITS_SOURCE + String.raw`(?![\p{L}\p{N}]|[.,]\d)`,
  'gu',
);
const DIGITS_ONLY = new RegExp(`^${DIGITS_SOURCE}$`, 'u');

/** "0012.500" → "12.5"; "1,00,000" → "100000". Digit strings stay exact (no float rounding). */
export function canonicalNumber(written: string): string {
  const plain = written.replace(/,/g, '');
  let [whole = '0', fraction = ''] = plain.split('.');
  whole = whole.replace(/^0+(?=\d)/, '');
  fraction = fraction.replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

function formatNumber(value: number): string {
  if (Number.isInteger(value)) return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 });
  return String(Number(value.toFixed(6)));
}

interface NumberSpan {
  start: number;
  end: number;
  value: string;
  /** Index of the token after the span. */
  nextToken: number;
}

/**
 * Scale words that count only right after a number ("3k", "2 cr", "three hundred cr", "2 dozens"),
 * never as a number on their own ("dozens of people").
 */
const SCALE_ABBREVIATIONS = new Set(['k', 'cr', 'mn', 'bn', 'dozens']);

/** Digits glued to a scale letter: "100k", "3M", "1.2M", "2.5bn", "2cr" ("3m" in lower case is metres). */
const GLUED_SCALE = new RegExp(
  String.raw`(?<![\p{L}\p{N}]|\d[.,])(-)?(` + DIGITS_SOURCE + String.raw`)(k|K|M|mn|bn|B|cr|Cr)(?![\p{L}\p{N}])`,
  'gu',
);
const GLUED_SCALES: Record<string, number> = { k: 1e3, K: 1e3, M: 1e6, mn: 1e6, bn: 1e9, B: 1e9, cr: 1e7, Cr: 1e7 };

const DIGIT_WORD = (norm: string) => (UNITS[norm] !== undefined && UNITS[norm]! < 10 ? UNITS[norm] : undefined);

const SIGN_WORD_BEFORE = /(^|[^\p{L}\p{N}])(?:minus|negative)\s+$/iu;

/**
 * Numbers over tokens: digits (with their sign: "-504"; a bare decimal ".77"), number words
 * ("twenty one", "one hundred and five", "two thousand five hundred", "three thousand millions"),
 * decimals said with "point" ("point 77", "1 point 1", "two point two million"), and digits with a
 * scale word ("5 lakh", "2.5 million", "2 cr", "3k", "1.2M").
 */
function numberSpans(text: string, tokens: Token[]): NumberSpan[] {
  const spans: NumberSpan[] = [];
  const between = (a: Token, b: Token) => text.slice(a.end, b.start);
  const adjacent = (a: Token, b: Token | undefined) => !!b && /^[\s-]?$/.test(between(a, b));
  const isWord = (t: Token | undefined) =>
    !!t && (t.norm in UNITS || t.norm in TENS || (t.norm in SCALES && !SCALE_ABBREVIATIONS.has(t.norm)));
  /** The fraction said after the "point" token at `at` ("point 7 7", "point seventy seven", "point 77"). */
  const fractionFrom = (at: number): { digits: string; last: number } | null => {
    let digits = '';
    let last = at;
    for (let position = at + 1; position < tokens.length; position += 1) {
      const t = tokens[position]!;
      if (!adjacent(tokens[position - 1]!, t)) break;
      if (/^\d+$/.test(t.norm) && digits === '') {
        digits = t.norm;
        last = position;
        break;
      }
      const digit = DIGIT_WORD(t.norm);
      if (digit !== undefined) digits += String(digit);
      else if (t.norm in TENS && digits === '') {
        const following = tokens[position + 1];
        const unit = following && adjacent(t, following) ? DIGIT_WORD(following.norm) : undefined;
        digits = String(TENS[t.norm]! + (unit ?? 0));
        last = unit !== undefined ? position + 1 : position;
        break;
      } else break;
      last = position;
    }
    return digits ? { digits, last } : null;
  };
  const fractionAfter = (at: number) =>
    tokens[at + 1]?.norm === 'point' && adjacent(tokens[at]!, tokens[at + 1]) ? fractionFrom(at + 1) : null;
  const scaleAfter = (at: number) => {
    const scaleToken = tokens[at + 1];
    const gap = scaleToken ? between(tokens[at]!, scaleToken) : '';
    const scale = scaleToken && /^\s?$/.test(gap) ? SCALES[scaleToken.norm] : undefined;
    return scale && (scale >= 1000 || scale === 12) ? scale : undefined;
  };
  const glued: NumberSpan[] = [];
  for (const hit of text.matchAll(GLUED_SCALE)) {
    const value = Number(canonicalNumber(hit[2]!)) * GLUED_SCALES[hit[3]!]! * (hit[1] ? -1 : 1);
    const end = hit.index + hit[0].length;
    let next = tokens.findIndex((token) => token.start >= end);
    if (next === -1) next = tokens.length;
    glued.push({ start: hit.index, end, value: formatNumber(value), nextToken: next });
  }
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index]!;
    const inGlued = glued.find((span) => token.start >= span.start && token.start < span.end);
    if (inGlued) {
      index = inGlued.nextToken;
      continue;
    }
    const digit = DIGITS_ONLY.test(token.norm);
    if (digit || isWord(token) || (token.norm === 'a' && (tokens[index + 1]?.norm ?? '') in SCALES)) {
      let total = 0;
      let current = 0;
      let last = index;
      let sawValue = false;
      let position = index;
      if (digit) {
        // Digits need the DIGITS rule to see the original text ("1,200" is three tokens).
        DIGITS.lastIndex = token.start;
        const found = DIGITS.exec(text);
        if (!found || found.index !== token.start) {
          index += 1;
          continue;
        }
        let start = token.start;
        let sign = '';
        // "-504" keeps its sign; "10-12" is a range, "AB-12" a code.
        if (text[start - 1] === '-' && !/[\p{L}\p{N}]/u.test(text[start - 2] ?? '')) {
          start -= 1;
          sign = '-';
        }
        // ".77" is 0.77 (but "v1.77" and "1.77" are read elsewhere).
        let written = canonicalNumber(found[0]);
        if (
          !sign &&
          text[start - 1] === '.' &&
          /^\d+$/.test(found[0]) &&
          !/[\p{L}\p{N}.]/u.test(text[start - 2] ?? '')
        ) {
          start -= 1;
          written = canonicalNumber(`0.${found[0]}`);
        }
        const end = found.index + found[0].length;
        while (last + 1 < tokens.length && tokens[last + 1]!.start < end) last += 1;
        const fraction = !written.includes('.') ? fractionAfter(last) : null;
        if (fraction) {
          written = canonicalNumber(`${written}.${fraction.digits}`);
          last = fraction.last;
        }
        const scale = scaleAfter(last);
        if (scale) {
          spans.push({
            start,
            end: tokens[last + 1]!.end,
            value: sign + formatNumber(Number(written) * scale),
            nextToken: last + 2,
          });
          index = last + 2;
        } else {
          spans.push({ start, end: tokens[last]!.end, value: sign + written, nextToken: last + 1 });
          index = last + 1;
        }
        continue;
      }
      let fraction = '';
      while (position < tokens.length) {
        const t = tokens[position]!;
        if (position > index && !/^[\s-]*$/.test(between(tokens[position - 1]!, t))) break;
        if (t.norm in UNITS) {
          const unit = UNITS[t.norm]!;
          const lastTwo = current % 100;
          // "twenty one" and "two hundred five" go on; "one two" and "ten ten" are two numbers.
          if (sawValue && !(lastTwo === 0 || (lastTwo >= 20 && lastTwo % 10 === 0 && unit < 10))) break;
          if (sawValue && lastTwo === 0 && current > 0 && unit === 0) break;
          current += unit;
        } else if (t.norm in TENS) {
          if (sawValue && current % 100 !== 0) break;
          current += TENS[t.norm]!;
        } else if (t.norm in SCALES && (sawValue || !SCALE_ABBREVIATIONS.has(t.norm))) {
          const scale = SCALES[t.norm]!;
          const base = (current === 0 ? 1 : current) + (fraction ? Number(`0.${fraction}`) : 0);
          fraction = '';
          // "hundred" and "dozen" multiply the number before them, within the thousands group.
          if (scale < 1000) current = base * scale;
          else if (current === 0 && total > 0 && total < scale) {
            // "three thousand millions": the scale multiplies what came before.
            total *= scale;
          } else {
            total += base * scale;
            current = 0;
          }
        } else if (t.norm === 'a' && position === index) {
          current = 0;
          position += 1;
          continue;
        } else if (t.norm === 'and' && sawValue && isWord(tokens[position + 1])) {
          position += 1;
          continue;
        } else if (t.norm === 'point' && sawValue && !fraction) {
          const after = fractionFrom(position);
          if (!after) break;
          fraction = after.digits;
          last = after.last;
          position = after.last + 1;
          continue;
        } else break;
        sawValue = true;
        last = position;
        position += 1;
      }
      if (sawValue) {
        const whole = total + current;
        spans.push({
          start: token.start,
          end: tokens[last]!.end,
          value: fraction ? canonicalNumber(`${formatNumber(whole)}.${fraction}`) : formatNumber(whole),
          nextToken: last + 1,
        });
        index = last + 1;
        continue;
      }
    }
    // "point 77" on its own.
    const after = token.norm === 'point' ? fractionFrom(index) : null;
    if (after) {
      const end = tokens[after.last]!.end;
      spans.push({ start: token.start, end, value: canonicalNumber(`0.${after.digits}`), nextToken: after.last + 1 });
      index = after.last + 1;
      continue;
    }
    index += 1;
  }
  // "minus 1,200,000", "negative five hundred and four": the sign said in words.
  for (const span of [...spans, ...glued]) {
    if (span.value.startsWith('-') || span.value === '0') continue;
    const sign = SIGN_WORD_BEFORE.exec(text.slice(Math.max(0, span.start - 10), span.start));
    if (!sign) continue;
    span.start -= sign[0].length - sign[1]!.length;
    span.value = `-${span.value}`;
  }
  return [...spans, ...glued].sort((a, b) => a.start - b.start);
}

function findNumbers(text: string, tokens: Token[], spans: NumberSpan[]): Candidate[] {
  void tokens;
  return spans.map((span) => match('sys.number', span.value, text, span.start, span.end));
}

function findOrdinals(text: string, tokens: Token[]): Candidate[] {
  const found: Candidate[] = [];
  tokens.forEach((token, index) => {
    const suffixed = /^(\d+)(st|nd|rd|th)$/.exec(token.norm);
    if (suffixed) {
      found.push(match('sys.ordinal', String(Number(suffixed[1])), text, token.start, token.end));
      return;
    }
    const compound = /^(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(\w+)$/.exec(token.norm);
    if (compound && ORDINAL_WORDS[compound[2]!] && ORDINAL_WORDS[compound[2]!]! < 10) {
      found.push(
        match('sys.ordinal', String(TENS[compound[1]!]! + ORDINAL_WORDS[compound[2]!]!), text, token.start, token.end),
      );
      return;
    }
    const ordinal = ORDINAL_WORDS[token.norm];
    if (ordinal === undefined) return;
    const previous = tokens[index - 1];
    if (ordinal < 10 && previous && previous.norm in TENS && /^[\s-]?$/.test(text.slice(previous.end, token.start))) {
      found.push(match('sys.ordinal', String(TENS[previous.norm]! + ordinal), text, previous.start, token.end));
      return;
    }
    // "second" is also a unit of time: "one second", "a second", "wait a second".
    if (token.norm === 'second' && previous && ['a', 'one', 'few', 'per', '1'].includes(previous.norm)) return;
    found.push(match('sys.ordinal', String(ordinal), text, token.start, token.end));
  });
  return found;
}

// ---------------------------------------------------------------------------------------------
// Dates and times

const MONTHS: Record<string, number> = normalisedKeys({
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
  जनवरी: 1,
  फरवरी: 2,
  फ़रवरी: 2,
  मार्च: 3,
  अप्रैल: 4,
  मई: 5,
  जून: 6,
  जुलाई: 7,
  अगस्त: 8,
  सितंबर: 9,
  सितम्बर: 9,
  अक्टूबर: 10,
  नवंबर: 11,
  नवम्बर: 11,
  दिसंबर: 12,
  दिसम्बर: 12,
});

const WEEKDAYS: Record<string, number> = normalisedKeys({
  sunday: 0,
  sun: 0,
  monday: 1,
  mon: 1,
  tuesday: 2,
  tue: 2,
  tues: 2,
  wednesday: 3,
  wed: 3,
  thursday: 4,
  thu: 4,
  thur: 4,
  thurs: 4,
  friday: 5,
  fri: 5,
  saturday: 6,
  sat: 6,
  रविवार: 0,
  सोमवार: 1,
  मंगलवार: 2,
  बुधवार: 3,
  गुरुवार: 4,
  शुक्रवार: 5,
  शनिवार: 6,
  ravivar: 0,
  somvar: 1,
  mangalvar: 2,
  budhvar: 3,
  guruvar: 4,
  shukravar: 5,
  shanivar: 6,
});

const RELATIVE_DAYS: Record<string, number> = normalisedKeys({
  today: 0,
  tonight: 0,
  tomorrow: 1,
  tmrw: 1,
  tmr: 1,
  yesterday: -1,
  आज: 0,
  कल: 1,
  परसों: 2,
  aaj: 0,
  kal: 1,
  parso: 2,
  parson: 2,
  parsho: 2,
});

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1000 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** How a message's dates are read: the conversation's current instant, its timezone and region. */
export interface CalendarContext {
  now: Date;
  /** IANA timezone whose calendar day is "today" (the enterprise's or the customer's). */
  timeZone: string;
  /** ISO 3166 region: decides whether 10/2 is 10 February (most) or October 2 (US and a few). */
  region: string;
}

/** Regions that write the month first (10/2 = October 2). */
const MONTH_FIRST_REGIONS = new Set(['US', 'PH', 'FM', 'MH', 'PW', 'GU', 'AS', 'MP', 'PR', 'VI', 'UM']);

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    const options = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day of `now` in the timezone, as a UTC midnight. */
export function calendarToday(now: Date, timeZone: string): Date {
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day')));
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** Same day `months` later, clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(date.getUTCDate(), last)));
}

/** The first day of the month `shift` months from `date`'s. */
const monthStart = (date: Date, shift: number) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + shift, 1));
const endOfMonth = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));

const dateString = (date: Date) => isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())!;

/** The next day/month on or after today when the year is not given. */
function withoutYear(month: number, day: number, base: Date): string | null {
  const year = base.getUTCFullYear();
  const thisYear = isoDate(year, month, day);
  if (thisYear && thisYear >= dateString(base)) return thisYear;
  return isoDate(year + 1, month, day) ?? (month === 2 && day === 29 ? isoDate(year + 4 - (year % 4), 2, 29) : null);
}

/** Two-digit years up to ten years ahead are this century's, the others the last ('27' → 2027, '74' → 1974). */
function fullYear(written: string, base: Date): number {
  const digits = written.replace("'", '');
  if (digits.length !== 2) return Number(digits);
  const year = base.getUTCFullYear();
  const century = year - (year % 100);
  const twoDigits = Number(digits);
  return twoDigits <= (year % 100) + 10 ? century + twoDigits : century - 100 + twoDigits;
}

/** Ordinal words of a day of the month: "first" … "thirty-first". */
const DAY_WORDS: Record<string, number> = (() => {
  const words: Record<string, number> = {};
  const simple = Object.entries(ORDINAL_WORDS).filter(([word, value]) => /^[a-z]+$/.test(word) && value <= 20);
  for (const [word, value] of simple) words[word] = value;
  words.thirtieth = 30;
  for (const [word, value] of simple)
    if (value < 10) {
      for (const gap of [' ', '-']) {
        words[`twenty${gap}${word}`] = 20 + value;
        if (value === 1) words[`thirty${gap}${word}`] = 31;
      }
    }
  return words;
})();
const DAY_WORD_NAMES = Object.keys(DAY_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|');
function dayOf(written: string): number {
  const word = DAY_WORDS[written.toLowerCase().replace(/\s+/g, ' ')];
  return word ?? Number(/^\d+/.exec(written)?.[0] ?? NaN);
}

const MONTH_NAMES = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const WEEKDAY_NAMES = Object.keys(WEEKDAYS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const DAY = String.raw`(\d{1,2}(?:st|nd|rd|th)?|${DAY_WORD_NAMES})`;
const DAY_SUFFIXED = String.raw`(\d{1,2}(?:st|nd|rd|th)|${DAY_WORD_NAMES})`;
const YEAR = String.raw`(\d{4}|'\d{2})`;
const NUMERIC_DATE = /(?<![\p{L}\p{N}./-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\p{L}\p{N}]|[./-]\d)/gu;
const NUMERIC_DAY_MONTH = /(?<![\p{L}\p{N}./-])(\d{1,2})\/(\d{1,2})(?![\p{L}\p{N}]|[./-]\d)/gu;
const ISO_DATE = /(?<![\p{L}\p{N}./-])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\p{L}\p{N}]|[./-]\d)/gu;
const DAY_MONTH = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:the\s+)?${DAY}(?:\s+of)?[\s-]*(${MONTH_NAMES})\.?(?:,?[\s-]*${YEAR})?(?![\p{L}\p{N}])`,
  'giu',
);
const MONTH_DAY = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(${MONTH_NAMES})\.?\s+(?:the\s+)?${DAY}(?:,?\s*${YEAR})?(?![\p{L}\p{N}])`,
  'giu',
);
/** "on the 15th", "the twentieth": the next such day of a month, on or after today. */
const DAY_OF_MONTH = new RegExp(
  String.raw`(?<![\p{L}\p{N}])the\s+${DAY_SUFFIXED}(?:\s+of\s+(?:(this|next|the\s+next|the\s+following|coming)\s+)?month)?(?![\p{L}\p{N}]|\s+(?:of\s+)?(?:${MONTH_NAMES})(?![\p{L}]))`,
  'giu',
);
/** Which month: "this"/"the current" 0, "next"/"the following"/"coming" 1, "last"/"the previous" -1. */
const RELATIVE_MONTH = String.raw`(?:the\s+)?(this|current|next|following|coming|last|previous|past)\s+month`;
const monthShift = (word: string) =>
  /^(next|following|coming)$/i.test(word) ? 1 : /^(last|previous|past)$/i.test(word) ? -1 : 0;
/** "20th of next month", "20 of this month", "20th day of the previous month". */
const DAY_OF_RELATIVE_MONTH = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:the\s+)?${DAY}(?:\s+day)?\s+of\s+${RELATIVE_MONTH}(?![\p{L}])`,
  'giu',
);
/** "third day of october", "last day of october 2015", "the last day of the month", "1st day of next month". */
const NTH_DAY = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:the\s+)?(last|${DAY_WORD_NAMES}|\d{1,2}(?:st|nd|rd|th))\s+day\s+(?:of|in)\s+(?:(${MONTH_NAMES})(?:,?\s+(\d{4}))?|${RELATIVE_MONTH}|(the)\s+month)(?![\p{L}\p{N}])`,
  'giu',
);
/** "wednesday of next week", "wednesday next week", "sunday from last week", "last week's sunday". */
const WEEKDAY_OF_WEEK = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(${WEEKDAY_NAMES})\.?\s+(?:(?:of|from|in)\s+)?(?:the\s+)?(this|current|next|following|coming|last|previous|past)\s+week|(this|next|last|previous)\s+week['’]s\s+(${WEEKDAY_NAMES}))(?![\p{L}])`,
  'giu',
);
/** "friday after next": the weekday a week after the next one. */
const WEEKDAY_AFTER_NEXT = new RegExp(String.raw`(?<![\p{L}\p{N}])(${WEEKDAY_NAMES})\s+after\s+next(?![\p{L}])`, 'giu');
/** "Tuesday 19th", "Friday the 22nd": the next such day of a month that falls on that weekday. */
const WEEKDAY_DAY = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(${WEEKDAY_NAMES})\.?,?\s+(?:the\s+(\d{1,2}(?:st|nd|rd|th)?|${DAY_WORD_NAMES})|(\d{1,2}(?:st|nd|rd|th)))(?![\p{L}\p{N}]|\s*[/.:-]\d|\s+(?:of\s+)?(?:${MONTH_NAMES})(?![\p{L}])|\s+day)`,
  'giu',
);
/** "first tuesday of october", "last friday of next month", "2nd monday in march 2027". */
const NTH_WEEKDAY = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last)\s+(${WEEKDAY_NAMES})\s+(?:of|in)\s+(?:(${MONTH_NAMES})(?:,?\s+(\d{4}))?|${RELATIVE_MONTH}|(the)\s+month)(?![\p{L}\p{N}])`,
  'giu',
);
const COUNT_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  ek: 1,
  do: 2,
  teen: 3,
  char: 4,
  chaar: 4,
  paanch: 5,
  panch: 5,
  ...Object.fromEntries(Object.entries(UNITS).filter(([, value]) => value > 0)),
  ...TENS,
};
const COUNT = String.raw`(\d{1,3}|a|an|${Object.keys(COUNT_WORDS)
  .filter((word) => !/^(a|an)$/.test(word))
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const DATE_UNIT = String.raw`(days?|weeks?|fortnights?|months?|years?|din|dino|hafte|hafton|hafta|mahine|mahina|saal|दिन|दिनों|हफ्ते|हफ़्ते|हफ्ता|महीने|महीना|साल)`;
/** "in 3 days", "in a week", "after two weeks", "a week from today", "3 weeks ago", "2 din baad". */
const OFFSET_AHEAD = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:in|after|within)\s+)?${COUNT}\s+${DATE_UNIT}(?:\s+(from\s+(?:now|today)|later|hence|baad|bad|mein|me|बाद|में))?(?![\p{L}\p{M}\p{N}])`,
  'giu',
);
const OFFSET_BACK = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${COUNT}\s+${DATE_UNIT}\s+(ago|back|earlier|before|pehle|pahle|पहले)(?![\p{L}\p{M}\p{N}])`,
  'giu',
);
/** The day around today: "the day before yesterday", "day after tomorrow", "this afternoon" (today). */
const AROUND_TODAY =
  /(?<![\p{L}\p{N}])(?:the\s+)?day\s+(before\s+yesterday|after\s+tomorrow)(?![\p{L}])|(?<![\p{L}\p{N}])this\s+(morning|afternoon|evening)(?![\p{L}])/giu;

const NTH: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
};

function nthWeekday(year: number, month: number, weekday: number, nth: string): string | null {
  if (nth === 'last') {
    const last = new Date(Date.UTC(year, month, 0));
    return dateString(addDays(last, -((last.getUTCDay() - weekday + 7) % 7)));
  }
  const first = new Date(Date.UTC(year, month - 1, 1));
  const day = 1 + ((weekday - first.getUTCDay() + 7) % 7) + (NTH[nth]! - 1) * 7;
  return isoDate(year, month, day);
}

function findDates(text: string, tokens: Token[], calendar: CalendarContext): Candidate[] {
  const found: Candidate[] = [];
  const base = calendarToday(calendar.now, calendar.timeZone);
  const monthFirst = MONTH_FIRST_REGIONS.has(calendar.region);
  const push = (value: string | null, start: number, end: number) => {
    if (value) found.push(match('sys.date', value, text, start, end));
  };
  for (const hit of text.matchAll(ISO_DATE))
    push(isoDate(Number(hit[1]), Number(hit[3]), Number(hit[4])), hit.index, hit.index + hit[0].length);
  for (const hit of text.matchAll(NUMERIC_DATE)) {
    const [first, second] = [Number(hit[1]), Number(hit[3])];
    const [month, day] = monthFirst ? [first, second] : [second, first];
    push(isoDate(fullYear(hit[4]!, base), month, day), hit.index, hit.index + hit[0].length);
  }
  for (const hit of text.matchAll(NUMERIC_DAY_MONTH)) {
    const [first, second] = [Number(hit[1]), Number(hit[2])];
    // "1/2 price", "3/4 full": small fractions are dates only after "on", "by", "from", ...
    if (first < second && second <= 4 && !DATE_CUE_BEFORE.test(text.slice(Math.max(0, hit.index - 12), hit.index)))
      continue;
    const [month, day] = monthFirst ? [first, second] : [second, first];
    if (month >= 1 && month <= 12) push(withoutYear(month, day, base), hit.index, hit.index + hit[0].length);
  }
  const named = (day: string, monthName: string, year: string | undefined, start: number, end: number) => {
    const month = MONTHS[normalizeText(monthName)];
    if (!month) return;
    // "may" is also a verb: "I may 2" is not a date; require a day number next to it (already) and
    // refuse "may" unless a year follows or it is capitalised.
    if (monthName.toLowerCase() === 'may' && !year && monthName !== 'May') return;
    const value = year ? isoDate(fullYear(year, base), month, dayOf(day)) : withoutYear(month, dayOf(day), base);
    push(value, start, end);
  };
  for (const hit of text.matchAll(DAY_MONTH)) named(hit[1]!, hit[2]!, hit[3], hit.index, hit.index + hit[0].length);
  for (const hit of text.matchAll(MONTH_DAY)) named(hit[2]!, hit[1]!, hit[3], hit.index, hit.index + hit[0].length);
  for (const hit of text.matchAll(DAY_OF_MONTH)) {
    const day = dayOf(hit[1]!);
    // "the first one" is no date: a day in words needs "on" before it or "of next month" after it.
    const cued =
      /^\d/.test(hit[1]!) || /month/i.test(hit[0]) || /(?:^|[^\p{L}])on\s+$/iu.test(text.slice(0, hit.index));
    if (!cued) continue;
    const which = hit[2]?.toLowerCase();
    if (hit[0].toLowerCase().includes('month')) {
      const month = addMonths(
        new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), 1)),
        which === 'this' ? 0 : 1,
      );
      push(isoDate(month.getUTCFullYear(), month.getUTCMonth() + 1, day), hit.index, hit.index + hit[0].length);
      continue;
    }
    // The next such day: this month if still ahead, else the next month that has it.
    let value: string | null = null;
    for (let ahead = 0; ahead < 3 && !value; ahead += 1) {
      const month = addMonths(new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), 1)), ahead);
      const candidate = isoDate(month.getUTCFullYear(), month.getUTCMonth() + 1, day);
      if (candidate && candidate >= dateString(base)) value = candidate;
    }
    push(value, hit.index, hit.index + hit[0].length);
  }
  for (const hit of text.matchAll(DAY_OF_RELATIVE_MONTH)) {
    const month = monthStart(base, monthShift(hit[2]!));
    push(
      isoDate(month.getUTCFullYear(), month.getUTCMonth() + 1, dayOf(hit[1]!)),
      hit.index,
      hit.index + hit[0].length,
    );
  }
  for (const hit of text.matchAll(NTH_DAY)) {
    const last = hit[1]!.toLowerCase() === 'last';
    const day = last ? 0 : dayOf(hit[1]!);
    let month: Date;
    if (hit[2]) {
      const number = MONTHS[normalizeText(hit[2])]!;
      let year = hit[3] ? Number(hit[3]) : base.getUTCFullYear();
      // Without a year: this year's if still ahead, else next year's.
      if (!hit[3] && dateString(endOfMonth(new Date(Date.UTC(year, number - 1, 1)))) < dateString(base)) year += 1;
      month = new Date(Date.UTC(year, number - 1, 1));
    } else month = monthStart(base, hit[4] ? monthShift(hit[4]) : 0);
    const value = last ? dateString(endOfMonth(month)) : isoDate(month.getUTCFullYear(), month.getUTCMonth() + 1, day);
    push(value, hit.index, hit.index + hit[0].length);
  }
  for (const hit of text.matchAll(WEEKDAY_OF_WEEK)) {
    const weekday = WEEKDAYS[normalizeText(hit[1] ?? hit[4]!)]!;
    const which = (hit[2] ?? hit[3]!).toLowerCase();
    const shift = /^(next|following|coming)$/.test(which) ? 7 : /^(last|previous|past)$/.test(which) ? -7 : 0;
    // Weeks start on Monday.
    const monday = addDays(base, -((base.getUTCDay() + 6) % 7));
    push(dateString(addDays(monday, shift + ((weekday + 6) % 7))), hit.index, hit.index + hit[0].length);
  }
  for (const hit of text.matchAll(WEEKDAY_AFTER_NEXT)) {
    const weekday = WEEKDAYS[normalizeText(hit[1]!)]!;
    const next = (weekday - base.getUTCDay() + 7) % 7 || 7;
    push(dateString(addDays(base, next + 7)), hit.index, hit.index + hit[0].length);
  }
  for (const hit of text.matchAll(WEEKDAY_DAY)) {
    const weekday = WEEKDAYS[normalizeText(hit[1]!)]!;
    const day = dayOf(hit[2] ?? hit[3]!);
    // The next such day on or after today that falls on the weekday (within 28 months), else the next such day.
    let first: string | null = null;
    let value: string | null = null;
    for (let ahead = 0; ahead < 28 && !value; ahead += 1) {
      const month = monthStart(base, ahead);
      const candidate = isoDate(month.getUTCFullYear(), month.getUTCMonth() + 1, day);
      if (!candidate || candidate < dateString(base)) continue;
      first ??= candidate;
      if (new Date(`${candidate}T00:00:00Z`).getUTCDay() === weekday) value = candidate;
    }
    push(value ?? first, hit.index, hit.index + hit[0].length);
  }
  for (const hit of text.matchAll(NTH_WEEKDAY)) {
    const nth = hit[1]!.toLowerCase();
    const weekday = WEEKDAYS[normalizeText(hit[2]!)]!;
    let value: string | null;
    if (hit[3]) {
      const month = MONTHS[normalizeText(hit[3])]!;
      if (hit[4]) value = nthWeekday(Number(hit[4]), month, weekday, nth);
      else {
        const year = base.getUTCFullYear();
        value = nthWeekday(year, month, weekday, nth);
        if (value && value < dateString(base)) value = nthWeekday(year + 1, month, weekday, nth);
      }
    } else {
      const month = monthStart(base, hit[5] ? monthShift(hit[5]) : 0);
      value = nthWeekday(month.getUTCFullYear(), month.getUTCMonth() + 1, weekday, nth);
    }
    push(value, hit.index, hit.index + hit[0].length);
  }
  const offset = (count: string, unit: string, sign: number) => {
    const amount = (/^\d+$/.test(count) ? Number(count) : COUNT_WORDS[count.toLowerCase()]) ?? NaN;
    if (!Number.isFinite(amount) || amount > 400) return null;
    const kind = unit.toLowerCase();
    if (/^(month|mahin|महीन)/.test(kind)) return dateString(addMonths(base, sign * amount));
    if (/^(year|saal|साल)/.test(kind)) return dateString(addMonths(base, sign * amount * 12));
    const days = /^(week|haft|हफ)/.test(kind) ? 7 : /^fortnight/.test(kind) ? 14 : 1;
    return dateString(addDays(base, sign * amount * days));
  };
  for (const hit of text.matchAll(OFFSET_AHEAD)) {
    // A bare "3 days" is a duration ("for 3 days"), not a date: it needs "in", "after" or "later".
    const cued = /^(in|after|within)\s/i.test(hit[0]) || !!hit[3];
    if (cued) push(offset(hit[1]!, hit[2]!, 1), hit.index, hit.index + hit[0].length);
  }
  for (const hit of text.matchAll(OFFSET_BACK))
    push(offset(hit[1]!, hit[2]!, -1), hit.index, hit.index + hit[0].length);
  for (const hit of text.matchAll(AROUND_TODAY)) {
    const shift = hit[1] ? (/^before/i.test(hit[1]) ? -2 : 2) : 0;
    push(dateString(addDays(base, shift)), hit.index, hit.index + hit[0].length);
  }

  tokens.forEach((token, index) => {
    if (token.norm in RELATIVE_DAYS) {
      push(dateString(addDays(base, RELATIVE_DAYS[token.norm]!)), token.start, token.end);
      return;
    }
    if (token.norm in WEEKDAYS) {
      // Short forms ("sat", "wed", "mon") only with a qualifier, they are too often other words.
      const weekday = WEEKDAYS[token.norm]!;
      let previous = tokens[index - 1];
      // "this past sunday"
      const past = previous?.norm === 'past' && tokens[index - 2]?.norm === 'this';
      const qualifier =
        previous &&
        ['next', 'this', 'coming', 'on', 'agle', 'अगले', 'last', 'previous', 'past', 'pichle', 'पिछले'].includes(
          previous.norm,
        );
      if (token.norm.length <= 4 && !qualifier && !/^[A-Z]/.test(token.text) && !CLEAR_SHORT_WEEKDAYS.has(token.norm))
        return;
      let delta: number;
      if (previous && (past || ['last', 'previous', 'pichle', 'पिछले'].includes(previous.norm))) {
        // "last sunday": the most recent one before today.
        delta = -((base.getUTCDay() - weekday + 7) % 7 || 7);
        if (past) previous = tokens[index - 2];
      } else {
        delta = (weekday - base.getUTCDay() + 7) % 7;
        if (previous && ['next', 'agle', 'अगले'].includes(previous.norm) && delta === 0) delta = 7;
      }
      const start = previous && qualifier && previous.norm !== 'on' ? previous.start : token.start;
      push(dateString(addDays(base, delta)), start, token.end);
    }
  });
  // "Monday, Feb 18", "Fri 15/2", "Jul 18, Fri": a weekday written with a date belongs to it. The
  // date decides, except that a date written without a year takes the year in which it falls on that
  // weekday when that is the one before (up to 60 days ago) or the one after ("Fri, Jul 18").
  const dated = found.length;
  for (let index = 0; index < dated; index += 1) {
    const candidate = found[index]!;
    if (/^(day|this|next|last)\b/i.test(candidate.text) || WEEKDAY_FIRST.test(candidate.text)) continue;
    const before = WEEKDAY_BEFORE.exec(text.slice(Math.max(0, candidate.start - 16), candidate.start));
    const after = before ? null : WEEKDAY_AFTER.exec(text.slice(candidate.end, candidate.end + 12));
    if (!before && !after) continue;
    const weekday = WEEKDAYS[normalizeText(before?.[2] ?? after![1]!)]!;
    let value = candidate.value;
    const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
    if (weekdayOf(value) !== weekday && !WRITTEN_YEAR.test(candidate.text)) {
      const [year, month, day] = value.split('-').map(Number) as [number, number, number];
      const earlier = isoDate(year - 1, month, day);
      const later = isoDate(year + 1, month, day);
      if (earlier && earlier >= dateString(addDays(base, -60)) && weekdayOf(earlier) === weekday) value = earlier;
      else if (later && weekdayOf(later) === weekday) value = later;
    }
    const start = before ? candidate.start - before[0].length + before[1]!.length : candidate.start;
    const end = after ? candidate.end + after[0].length : candidate.end;
    found.push(match('sys.date', value, text, start, end));
  }
  return found;
}

/** Worth asking chrono-node at all: a digit or a word its English date parsers start from. */
const CHRONO_CUE =
  /\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|day|week|month|year|ago|later|tomorrow|yesterday|first|second|third|fourth|fifth|twelfth|twentieth|end)/i;

/**
 * English dates chrono-node reads that our rules do not: a date with a certain day and no clock time,
 * away from every date and time our rules found (ours decide the region's order, the year and the
 * Hindi/Hinglish forms). chrono reads in the process's local time: the reference is today at noon
 * as a local wall-clock time, and only the calendar components are read back.
 */
function chronoDates(text: string, calendar: CalendarContext, ours: Candidate[]): Candidate[] {
  if (!CHRONO_CUE.test(text) || !/[a-z]/i.test(text)) return [];
  const base = calendarToday(calendar.now, calendar.timeZone);
  const parser = MONTH_FIRST_REGIONS.has(calendar.region) ? chrono.en.casual : chrono.en.GB;
  const reference = new Date(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate(), 12);
  const found: Candidate[] = [];
  for (const result of parser.parse(text, reference, { forwardDate: true })) {
    const { start } = result;
    if (!start.isCertain('day') || start.isCertain('hour') || result.end) continue;
    // "for 3 days", "within a week" are durations; numeric dates are ours (region order, fractions).
    if (/^(?:for|within)\s/i.test(result.text) || /\d\s*[/.-]\s*\d/.test(result.text)) continue;
    // "three days after" (after what?) and "last day" (of what?) are not dates on their own.
    if (/\s(?:after|before)$/i.test(result.text) || /^(?:the\s+)?last\s+day$/i.test(result.text)) continue;
    // "I may 2 go": "may" is a month only capitalised or with a year, as in our rules.
    if (/(?<![\p{L}])may(?![\p{L}])/u.test(result.text) && !start.isCertain('year')) continue;
    const from = result.index;
    const to = from + result.text.length;
    if (ours.some((other) => from < other.end && other.start < to)) continue;
    const value = isoDate(start.get('year')!, start.get('month')!, start.get('day')!);
    if (value) found.push(match('sys.date', value, text, from, to));
  }
  return found;
}

const DATE_CUE_BEFORE = /(?:^|[^\p{L}])(?:on|by|from|till|until|before|after|for|dated?)\s+$/iu;
const WEEKDAY_BEFORE = new RegExp(String.raw`(^|[^\p{L}])(${WEEKDAY_NAMES})\.?,?\s+(?:the\s+)?$`, 'iu');
const WEEKDAY_AFTER = new RegExp(String.raw`^,\s*(${WEEKDAY_NAMES})\.?(?![\p{L}])`, 'iu');
const WEEKDAY_FIRST = new RegExp(String.raw`^(?:${WEEKDAY_NAMES})(?![\p{L}])`, 'iu');
const WRITTEN_YEAR = /\d{4}|'\d{2}|\d[/.-]\d{1,2}[/.-]\d/;
/** Short weekday names that are no other English word (unlike "sat", "sun", "wed", "mon"). */
const CLEAR_SHORT_WEEKDAYS = new Set(['tue', 'tues', 'thu', 'thur', 'thurs', 'fri']);

/** Parts of the day that set the meridiem of an hour said without one. */
const PART_OF_DAY = String.raw`(?:in\s+(?:the\s+)?(?:morning|afternoon|evening|night)|in\s+the\s+[ap]\.?m\.?(?![\p{L}])|at\s+night|at\s+noon)`;
const HOUR_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve';
const MINUTE_WORDS = String.raw`(?:oh[\s-](?:one|two|three|four|five|six|seven|eight|nine)|(?:twenty|thirty|forty|fifty)(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine))?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)`;
/**
 * A clock time: "10:30", "10.30", "9:01:10", "15h30", "1030"/"330" (run together), "three", "seven
 * thirty", "3", "noon", each optionally after "quarter/half/N minutes past|to" or "15 past" and before
 * "o'clock", "am/pm" (or a glued "p"/"a": "3:15p") and a part of the day.
 */
const CLOCK = new RegExp(
  String.raw`(?<![\p{L}\p{N}:.])` +
    String.raw`(?:(?<rel>(?:a\s+)?quarter|half|(?<relcount>\d{1,2})\s+minutes?|(?<relword>${MINUTE_WORDS}|five|a)(?:\s+minutes?)?|(?<relbare>\d{1,2})(?=\s+(?:past|after)\s))\s+(?<dir>past|after|to|till|before)\s+)?` +
    String.raw`(?:(?<h>\d{1,2})[:.](?<m>\d{2})(?::\d{2})?|(?<hh>\d{1,2})h(?<hm>\d{2})?|(?<run>\d{3,4})|(?<hw>${HOUR_WORDS})(?:[\s-](?<mw>${MINUTE_WORDS}))?|(?<hd>\d{1,2})|(?<noon>noon|midday|midnight))` +
    String.raw`(?:\s*(?<oc>o['’]?\s?clock))?` +
    String.raw`(?:\s*(?<mer>[ap])\.?\s?m\.?(?![\p{L}])|(?<mer1>[ap])\.?(?![\p{L}]))?` +
    String.raw`(?:\s+(?<part>${PART_OF_DAY}))?` +
    String.raw`(?![\p{L}\p{N}]|:\d)`,
  'giu',
);
const PART_BEFORE =
  /(?:^|[^\p{L}])(tonight|(?:this|tomorrow|today|in\s+the)\s+(?:morning|afternoon|evening|night)|morning|afternoon|evening|night)\s*,?\s*(?:at|around|by|@)?\s*$/iu;
const PART_AFTER =
  /^\s+(tonight|(?:this|tomorrow|today)\s+(?:morning|afternoon|evening|night)|(?:morning|evening)(?![\p{L}]))/iu;
const CUE_BEFORE = /(?:^|[^\p{L}])(?:at|by|around|till|until|before|after|from|to|between|and|@)\s+$/iu;
const MID_DAY = /(?<![\p{L}])mid[\s-]day(?![\p{L}])/giu;
const TIME_HINDI =
  /(?<![\p{L}\p{N}])(?:(सुबह|दोपहर|शाम|रात|subah|dopahar|shaam|sham|raat)\s+(?:ko\s+|को\s+)?)?(\d{1,2})(?::(\d{2}))?\s*(बजे|baje)(?![\p{L}])/giu;

const WORD_NUMBERS: Record<string, number> = { ...UNITS, ...TENS };
function wordMinutes(words: string): number {
  return words
    .toLowerCase()
    .split(/[\s-]+/)
    .reduce((sum, word) => sum + (word === 'oh' ? 0 : (WORD_NUMBERS[word] ?? NaN)), 0);
}

/** Hour and minute in 24 h, after a meridiem ('p' after noon) or a part of the day. */
function clockValue(hour: number, minute: number, meridiem?: 'a' | 'p'): number | null {
  if (minute > 59 || hour > 23) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  }
  return hour * 60 + minute;
}

function partMeridiem(part: string): 'a' | 'p' | undefined {
  const lower = part.toLowerCase();
  if (/morning|subah|सुबह|\ba\.?m\b/.test(lower)) return 'a';
  if (/\bp\.?m\b/.test(lower)) return 'p';
  if (/afternoon|evening|night|tonight|noon|shaam|sham|raat|dopahar|शाम|रात|दोपहर/.test(lower)) return 'p';
  return undefined;
}

const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;

function findTimes(text: string, tokens: Token[]): Candidate[] {
  const found: Candidate[] = [];
  for (const hit of text.matchAll(CLOCK)) {
    const g = hit.groups!;
    const before = text.slice(Math.max(0, hit.index - 28), hit.index);
    const after = text.slice(hit.index + hit[0].length, hit.index + hit[0].length + 24);
    const partBefore = PART_BEFORE.exec(before)?.[1];
    const partAfter = PART_AFTER.exec(after)?.[1];
    const cue = CUE_BEFORE.test(before);
    // A glued "p"/"a" ("3:15p", "at 3p") only after minutes or "at"/"by": "4a" is a flat, "3p" three pages.
    if (g.mer1 && !(g.h !== undefined || g.hh !== undefined || cue)) continue;
    const written = g.mer ?? g.mer1;
    let meridiem = written ? (written.toLowerCase() as 'a' | 'p') : undefined;
    const part = g.part ?? partAfter ?? partBefore;
    let hour: number;
    let minute = 0;
    if (g.h !== undefined) {
      // "10.30" alone is a decimal: with a dot only when am/pm follows or "at"/"by"/… comes before.
      if (
        hit[0].includes('.') &&
        /^\d{1,2}\./.test(hit[0].slice(g.rel ? hit[0].length : 0)) &&
        !meridiem &&
        !cue &&
        !part &&
        !g.rel
      )
        continue;
      hour = Number(g.h);
      minute = Number(g.m);
    } else if (g.hh !== undefined) {
      // "15h30", "at 9h15"; "3h20" alone is a duration, and so is "15h" without "at"/"by".
      if (!cue && (g.hm === undefined || Number(g.hh) < 13)) continue;
      hour = Number(g.hh);
      minute = Number(g.hm ?? 0);
    } else if (g.noon !== undefined) {
      // "a quarter past noon"; noon on its own is read below.
      if (!g.rel && !g.relbare) continue;
      hour = /midnight/i.test(g.noon) ? 0 : 12;
    } else if (g.run !== undefined) {
      // "1030" and "330": only as a time when am/pm, o'clock, a part of the day or "at"/"by" says so.
      if (!meridiem && !g.oc && !g.part && !(cue && g.run.length === 4)) continue;
      hour = Number(g.run.slice(0, -2));
      minute = Number(g.run.slice(-2));
    } else if (g.hw !== undefined) {
      if (!meridiem && !g.oc && !part && !g.rel && !(g.mw && cue)) continue;
      hour = WORD_NUMBERS[g.hw.toLowerCase()]!;
      if (g.mw) minute = wordMinutes(g.mw);
    } else {
      // A bare hour needs o'clock, am/pm, a part of the day or "quarter past".
      if (!meridiem && !g.oc && !part && !g.rel && !g.relbare) continue;
      hour = Number(g.hd);
    }
    if (!Number.isFinite(minute)) continue;
    if (!meridiem && part && hour <= 12) {
      meridiem = partMeridiem(part);
      // "12 at night" and "this evening at 12" are midnight; "12 in the afternoon" noon.
      if (hour === 12 && meridiem === 'p' && /night|evening/i.test(part)) meridiem = 'a';
    }
    let value = clockValue(hour, minute, meridiem);
    if (value === null) continue;
    if (g.relbare) {
      // "20 past 3pm" (only past/after: "5 to 9" is a range).
      const rel = Number(g.relbare);
      if (rel >= 60 || minute !== 0) continue;
      value += rel;
    } else if (g.rel) {
      const count = (g.relcount ?? g.relword)?.toLowerCase();
      if (count === 'a' && !/minute/i.test(g.rel)) continue;
      const rel = /quarter/i.test(g.rel)
        ? 15
        : /^half/i.test(g.rel)
          ? 30
          : count === 'a'
            ? 1
            : /^\d+$/.test(count ?? '')
              ? Number(count)
              : wordMinutes(count ?? '');
      if (!Number.isFinite(rel) || rel >= 60 || minute !== 0) continue;
      value = /past|after/i.test(g.dir!) ? value + rel : (value - rel + 1440) % 1440;
    }
    found.push(match('sys.time', hhmm(value), text, hit.index, hit.index + hit[0].length));
  }
  for (const hit of text.matchAll(TIME_HINDI)) {
    const part = hit[1]?.toLowerCase();
    let hour = Number(hit[2]);
    if (part && partMeridiem(part) === 'p' && hour < 12) hour += 12;
    if (part && partMeridiem(part) === 'a' && hour === 12) hour = 0;
    const value = clockValue(hour, Number(hit[3] ?? 0));
    if (value !== null) found.push(match('sys.time', hhmm(value), text, hit.index, hit.index + hit[0].length));
  }
  for (const hit of text.matchAll(MID_DAY))
    found.push(match('sys.time', '12:00', text, hit.index, hit.index + hit[0].length));
  tokens.forEach((token, index) => {
    const previous = tokens[index - 1];
    const twelve = previous?.norm === '12' && /^\s$/.test(text.slice(previous.end, token.start)) ? previous : undefined;
    if (token.norm === 'noon' || token.norm === 'midday')
      found.push(match('sys.time', '12:00', text, twelve?.start ?? token.start, token.end));
    if (token.norm === 'midnight')
      found.push(match('sys.time', '00:00', text, twelve?.start ?? token.start, token.end));
  });
  return found;
}

// ---------------------------------------------------------------------------------------------
// Contact details

const EMAIL =
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){0,8}\.\p{L}{2,24}(?![\p{L}\p{N}])/gu;

function findEmails(text: string): Candidate[] {
  return [...text.matchAll(EMAIL)].map((hit) => {
    const [local, domain] = [hit[0].slice(0, hit[0].lastIndexOf('@')), hit[0].slice(hit[0].lastIndexOf('@') + 1)];
    return match('sys.email', `${local}@${domain!.toLowerCase()}`, text, hit.index, hit.index + hit[0].length);
  });
}

const TLDS = 'com|in|org|net|io|co|gov|edu|info|app|dev|ai|biz|me|us|uk|shop|store|online|site|tech';
const URL_PATTERN = new RegExp(
  String.raw`(?<![\p{L}\p{N}@.])(?:https?:\/\/[^\s<>"']+|www\.[^\s<>"']+|(?:[a-z0-9-]{1,63}\.){1,5}(?:${TLDS})(?![\p{L}\p{N}@-])(?:[/?#][^\s<>"']*)?)`,
  'giu',
);

function findUrls(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const hit of text.matchAll(URL_PATTERN)) {
    let written = hit[0];
    // Trailing punctuation belongs to the sentence; a closing bracket only when unbalanced.
    while (/[.,;:!?'")\]]$/.test(written)) {
      if (written.endsWith(')') && (written.match(/\(/g)?.length ?? 0) >= (written.match(/\)/g)?.length ?? 0)) break;
      written = written.slice(0, -1);
    }
    if (!/[a-z]/i.test(written) || written.length < 4) continue;
    found.push(match('sys.url', written, text, hit.index, hit.index + written.length));
  }
  return found;
}

function findPhones(text: string, region: CountryCode): Candidate[] {
  try {
    return findPhoneNumbersInText(text, { defaultCountry: region }).map((hit) =>
      match('sys.phone', hit.number.number, text, hit.startsAt, hit.endsAt),
    );
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Money and percentages

/**
 * Currencies with what people write before the number (symbols, codes) and after it (symbols, codes,
 * names). Listed so that longer forms come first ("C$" before "$", "qatari riyals" before "riyals").
 */
const CURRENCIES: { code: string; before: string[]; after: string[] }[] = [
  { code: 'CAD', before: ['CA\\$', 'C\\$', 'CAD'], after: ['CAD', 'canadian dollars?'] },
  { code: 'AUD', before: ['AU\\$', 'A\\$', 'AUD'], after: ['AUD', 'australian dollars?', 'aussie dollars?'] },
  { code: 'SGD', before: ['S\\$', 'SGD'], after: ['SGD', 'singapore dollars?'] },
  { code: 'CNY', before: ['CN¥', 'RMB', 'CNY', '元'], after: ['CNY', 'RMB', '元', 'yuan', 'renminbi', 'chinese yuan'] },
  {
    code: 'INR',
    before: ['₹', 'Rs\\.?', 'INR', 'rupees?'],
    after: ['₹', 'rupees?', 'rupaye', 'rupay', 'rupiya', 'Rs\\.?', 'INR', 'रुपये', 'रुपए', 'रुपया', 'रुपयों', 'रु\\.?'],
  },
  { code: 'USD', before: ['US\\$', 'USD', '\\$'], after: ['USD', 'US\\$', '\\$', 'us dollars?', 'dollars?', 'bucks?'] },
  { code: 'EUR', before: ['€', 'EUR'], after: ['€', 'EUR', 'euros?'] },
  { code: 'GBP', before: ['£', 'GBP'], after: ['£', 'GBP', 'pounds?(?: sterling)?', 'quid'] },
  { code: 'JPY', before: ['¥', 'JPY'], after: ['¥', 'JPY', 'yen', 'japanese yen'] },
  { code: 'AED', before: ['AED', 'Dhs?\\.?'], after: ['AED', 'dirhams?', 'dhs'] },
  { code: 'QAR', before: ['QAR', 'QR'], after: ['QAR', 'QR', 'qatari riyals?', 'qatari rials?'] },
  { code: 'SAR', before: ['SAR', 'SR', '﷼'], after: ['SAR', 'SR', '﷼', 'saudi riyals?', 'riyals?', 'rials?'] },
  { code: 'KWD', before: ['KWD', 'KD'], after: ['KWD', 'KD', 'kuwaiti dinars?', 'dinars?'] },
  { code: 'CHF', before: ['CHF', 'Fr\\.', 'SFr\\.?'], after: ['CHF', 'swiss francs?', 'francs?'] },
  {
    code: 'MYR',
    before: ['MYR', 'RM', 'malaysian? ringgits?', 'ringgits?'],
    after: ['MYR', 'RM', 'malaysian? ringgits?', 'ringgits?'],
  },
];
/** Symbols may touch a letter ("Rs20", "USD3.14"); a word must end at a word boundary. */
const CURRENCY_PREFIX: [RegExp, string][] = CURRENCIES.map(({ code, before }) => [
  new RegExp(String.raw`(?:^|[^\p{L}\p{N}$])(?:${before.join('|')})\s*$`, 'iu'),
  code,
]);
const CURRENCY_SUFFIX: [RegExp, string][] = [
  ...CURRENCIES.map(({ code, after }): [RegExp, string] => [
    new RegExp(String.raw`^\s*(?:${after.join('|')})(?![\p{L}\p{M}])`, 'iu'),
    code,
  ]),
  [/^\s*(?:paise|paisa)(?![\p{L}])/iu, 'INR-paise'],
  [/^\s*(?:cents?(?![\p{L}])|¢)/iu, 'USD-cents'],
];
/** "a dollar", "an euro": one of the currency (not "a pound", which is more often a weight). */
const ONE_UNIT =
  /(?<![\p{L}\p{N}])an?\s+(?=(?:dollar|buck|euro|rupee|dirham|riyal|rial|dinar|ringgit|yuan|franc)(?![\p{L}]))/giu;
/** Digits glued to a currency written before them: "Rs20", "USD3.14", "RM45" (tokens do not split them). */
const GLUED_AMOUNT = new RegExp(
  String.raw`(?<=(?:^|[^\p{L}\p{N}])(?:${CURRENCIES.flatMap(({ before }) => before).join('|')}))(` +
    DIGITS_SOURCE +
    String.raw`)(k|K|M|mn|bn|cr)?(?![\p{L}\p{N}]|[.,]\d)`,
  'giu',
);
/** Digits glued to a currency written after them: "20Rs", "100元", "50INR". */
const GLUED_AMOUNT_AFTER = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,])(` +
    DIGITS_SOURCE +
    String.raw`)(k|K|M|mn|bn|cr)?(?=(?:${CURRENCIES.flatMap(({ after }) => after).join('|')})(?![\p{L}\p{M}]))`,
  'giu',
);
/** Cents or paise after an amount: "$20 and 43c", "20 rupees 43", "Rs 20 and 50 paise". */
const MINOR_UNITS =
  /^(\s*(?:and\s+|&\s*|,\s*)?)(\d{1,2})(?:\s*(?:c|cents?|p|paise|paisa|fils|halalas?|sen))?(?![\p{L}\p{N}]|[.,]\d)/iu;
const MINOR_UNIT_WORD = /^\s*(?:and\s+|&\s*|,\s*)?\d{1,2}\s*(?:c|cents?|p|paise|paisa|fils|halalas?|sen)(?![\p{L}])/iu;

function findAmounts(text: string, spans: NumberSpan[]): Candidate[] {
  const found: Candidate[] = [];
  const all = [...spans];
  for (const hit of [...text.matchAll(GLUED_AMOUNT), ...text.matchAll(GLUED_AMOUNT_AFTER)]) {
    const start = hit.index;
    if (all.some((span) => span.start <= start && start < span.end)) continue;
    const scale = hit[2] ? (GLUED_SCALES[hit[2]] ?? GLUED_SCALES[hit[2].toLowerCase()]!) : 1;
    all.push({
      start,
      end: start + hit[0].length,
      value: formatNumber(Number(canonicalNumber(hit[1]!)) * scale),
      nextToken: -1,
    });
  }
  for (const hit of text.matchAll(ONE_UNIT))
    all.push({ start: hit.index, end: hit.index + hit[0].trimEnd().length, value: '1', nextToken: -1 });
  for (const span of all) {
    const before = text.slice(Math.max(0, span.start - 12), span.start);
    const after = text.slice(span.end, span.end + 24);
    let currency: string | undefined;
    let start = span.start;
    let end = span.end;
    for (const [pattern, code] of CURRENCY_PREFIX) {
      const hit = pattern.exec(before);
      if (hit) {
        currency = code;
        const symbolAt = before.length - hit[0].length + (/^[^\p{L}\p{N}₹$€£¥﷼元]/u.test(hit[0]) ? 1 : 0);
        start = span.start - before.length + symbolAt;
        break;
      }
    }
    let suffixed = false;
    if (!currency)
      for (const [pattern, code] of CURRENCY_SUFFIX) {
        const hit = pattern.exec(after);
        if (hit) {
          currency = code;
          end = span.end + hit[0].length;
          suffixed = true;
          break;
        }
      }
    if (!currency) continue;
    let value = span.value;
    if (currency === 'INR-paise' || currency === 'USD-cents') {
      currency = currency.slice(0, 3);
      value = formatNumber(Number(span.value) / 100);
    } else if (!value.includes('.') && currency !== 'JPY') {
      // "$20 and 43c", "20 rupees 43": the minor unit belongs to the amount. A bare number after an
      // amount counts only after its currency name ("20 rupees 43"), not after "$20, 43 items".
      const rest = text.slice(end, end + 24);
      const minor = (suffixed ? MINOR_UNITS : MINOR_UNIT_WORD).exec(rest);
      if (minor) {
        const cents = MINOR_UNITS.exec(rest)!;
        value = canonicalNumber(`${value}.${cents[2]!.padStart(2, '0')}`);
        end += minor[0].length;
      }
    }
    found.push(match('sys.amount', `${value} ${currency}`, text, start, end));
  }
  return found;
}

const PERCENT_SUFFIX =
  /^\s*(?:%|percent(?:age)?(?![\p{L}])|per\s+cent(?![\p{L}])|pct(?![\p{L}])|प्रतिशत|pratishat(?![\p{L}]))/iu;

function findPercentages(text: string, spans: NumberSpan[]): Candidate[] {
  const found: Candidate[] = [];
  for (const span of spans) {
    const hit = PERCENT_SUFFIX.exec(text.slice(span.end, span.end + 14));
    if (hit) found.push(match('sys.percentage', span.value, text, span.start, span.end + hit[0].length));
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// People

/** Capitalised words that follow "I am" / "this is" and are not names. */
const NOT_NAMES = new Set(
  (
    'not very so really just here there fine good ok okay sorry happy sad angry upset glad trying looking calling ' +
    'writing waiting interested unable able still also the a an from with in on at your my our his her it this that ' +
    'mr mrs ms dr sir madam customer user new going facing having getting back done sure hello hi hey thanks thank ' +
    'please yes no tired frustrated disappointed confused worried extremely totally completely quite pretty ' +
    // Words that open short requests ("Cancel Order", "Track Parcel"), so they are not read as names.
    'book cancel order track check change update reset buy get find show tell send return pay open close add ' +
    'remove delete talk speak contact apply renew upgrade help refund status account table ticket flight ' +
    'parcel delivery payment balance menu price offer offers plan complaint agent support what where when how ' +
    'why who which can could will would is are do does my me we you they ok okay thank fine great good bye'
  ).split(' '),
);
const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'shri', 'smt', 'sri']);

const STRONG_CUES = [
  ['my', 'name', 'is'],
  ['my', 'name', "'s"],
  ['name', 'is'],
  ['call', 'me'],
  ['mera', 'naam'],
  ['mera', 'name'],
  ['मेरा', 'नाम'],
];
const WEAK_CUES = [['i', 'am'], ["i'm"], ['im'], ['this', 'is'], ['it', 'is'], ["it's"], ['its']];

const titleCase = (word: string) => (/^\p{Ll}/u.test(word) ? word[0]!.toUpperCase() + word.slice(1) : word);

function nameAt(text: string, tokens: Token[], from: number, strong: boolean): Candidate | null {
  const picked: Token[] = [];
  for (let index = from; index < tokens.length && picked.length < 3; index += 1) {
    const token = tokens[index]!;
    if (picked.length > 0 && !/^[\s.]*$/.test(text.slice(tokens[index - 1]!.end, token.start))) break;
    if (TITLES.has(token.norm) && picked.length === 0) continue;
    if (/^(hai|है|and|from|here|speaking|calling)$/.test(token.norm)) break;
    if (/\p{N}/u.test(token.text)) break;
    const capitalised = /^\p{Lu}/u.test(token.text);
    const devanagari = /^[\u0900-\u097f]/.test(token.text);
    if (NOT_NAMES.has(token.norm)) break;
    if (!capitalised && !devanagari && !(strong && picked.length === 0)) break;
    picked.push(token);
  }
  if (picked.length === 0) return null;
  const first = picked[0]!;
  const last = picked[picked.length - 1]!;
  return match('sys.person', picked.map((token) => titleCase(token.text)).join(' '), text, first.start, last.end);
}

function findPeople(text: string, tokens: Token[]): Candidate[] {
  const found: Candidate[] = [];
  const cueAt = (index: number, cue: string[]) => cue.every((word, offset) => tokens[index + offset]?.norm === word);
  for (let index = 0; index < tokens.length; index += 1) {
    const strong = STRONG_CUES.find((cue) => cueAt(index, cue));
    const weak = strong ? undefined : WEAK_CUES.find((cue) => cueAt(index, cue));
    const cue = strong ?? weak;
    if (!cue) continue;
    // "I'm" tokenises as one token; "my name's" as "name's".
    const person = nameAt(text, tokens, index + cue.length, !!strong);
    if (person) found.push(person);
  }
  if (found.length === 0) {
    // A message that is just a name ("Priya Sharma"), as an answer to "What is your name?".
    const bare = text.trim().replace(/[.!]+$/, '');
    if (tokens.length >= 1 && tokens.length <= 3 && /^[\p{L}\p{M}.' -]+$/u.test(bare)) {
      const person = nameAt(text, tokens, 0, false);
      if (
        person &&
        person.end === tokens[tokens.length - 1]!.end &&
        !(tokens.length === 1 && NOT_NAMES.has(tokens[0]!.norm))
      )
        found.push(person);
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------

/** Devanagari digits read as ASCII (one UTF-16 unit each, so offsets stay those of the original). */
const foldDigits = (text: string) => text.replace(/[\u0966-\u096f]/g, (digit) => String(digit.charCodeAt(0) - 0x0966));

/** All system-entity candidates in the message (overlaps not resolved), limited to `only` if given. */
export function findSystemEntities(
  original: string,
  options: SystemEntityOptions,
  only?: ReadonlySet<string>,
): EntityMatch[] {
  const text = foldDigits(original);
  const wants = (id: string) => !only || only.has(id);
  const tokens = tokenize(text);
  const found: Candidate[] = [];
  const needsNumbers = ['sys.number', 'sys.amount', 'sys.percentage'].some(wants);
  const spans = needsNumbers ? numberSpans(text, tokens) : [];
  if (wants('sys.number')) found.push(...findNumbers(text, tokens, spans));
  if (wants('sys.ordinal')) found.push(...findOrdinals(text, tokens));
  const dates = wants('sys.date') ? findDates(text, tokens, options) : [];
  const times = wants('sys.time') || wants('sys.date') ? findTimes(text, tokens) : [];
  if (wants('sys.date')) found.push(...dates, ...chronoDates(text, options, [...dates, ...times]));
  if (wants('sys.time')) found.push(...times);
  if (wants('sys.email')) found.push(...findEmails(text));
  if (wants('sys.phone')) found.push(...findPhones(text, options.region as CountryCode));
  if (wants('sys.url')) found.push(...findUrls(text));
  if (wants('sys.amount')) found.push(...findAmounts(text, spans));
  if (wants('sys.percentage')) found.push(...findPercentages(text, spans));
  if (wants('sys.person')) found.push(...findPeople(text, tokens));
  void options.language;
  // Report the text as written (Devanagari digits included).
  return found.map((candidate) => ({ ...candidate, text: original.slice(candidate.start, candidate.end) }));
}

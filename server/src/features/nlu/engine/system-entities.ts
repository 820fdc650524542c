import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/max';
import type { EntityMatch, Language } from './types';
import { normalizeText, tokenize, type Token } from './text';

/**
 * System entities (contracts/agent-entities.ts `systemEntities`), extracted by rules: no model, no
 * network. Every finder returns candidate matches with offsets in the original message; overlaps
 * between finders are resolved by the entity extractor (longest first).
 *
 * Values:
 * - sys.number: the number as plain digits ("twenty one" → "21", "1,00,000" → "100000", "2.50" → "2.5");
 * - sys.ordinal: the position as digits ("third", "3rd", "तीसरा" → "3");
 * - sys.date: yyyy-mm-dd. Numeric dates read day first (21/11/2026); a date without a year is the
 *   next such day on or after today; "monday"/"this monday" is the next Monday on or after today,
 *   "next monday" the first Monday after today. Hindi/Hinglish: "आज"/"aaj" today, "कल"/"kal"
 *   tomorrow (kal also means yesterday; we read it forward, as a booking bot should), "परसों"/"parso"
 *   the day after. "Today" is the calendar date of `now()` in UTC: pass a `now` shifted by the
 *   user's time-zone offset to get the user's calendar day;
 * - sys.time: HH:mm (24 h). "5 pm", "10:30", "17:45", "noon", "midnight", "5 बजे"/"5 baje"
 *   (with शाम/रात/shaam/raat → pm);
 * - sys.email: as written, domain lower-cased;
 * - sys.phone: E.164 through libphonenumber-js (full metadata, only valid numbers), numbers without
 *   a country code read in `defaultRegion`;
 * - sys.url: as written, trailing punctuation dropped ("https://…", "www.…", bare domains with a
 *   common top-level domain);
 * - sys.amount: "<number> <ISO currency>" ("₹500" → "500 INR", "15 euros" → "15 EUR");
 * - sys.percentage: the number ("12.5 percent" → "12.5");
 * - sys.person: a name after a cue ("my name is", "I am", "I'm", "this is", "call me", "mera naam",
 *   "मेरा नाम"), capitalised words after the weaker cues; or a message that is only one to three
 *   capitalised words. Limits: no gazetteer, so a capitalised non-name after "I am" ("I am Angry")
 *   is refused only when it is in a small list of common words, and a lower-case name counts only
 *   after "my name is"/"call me"/"mera naam".
 */
export interface SystemEntityOptions {
  language: Language;
  defaultRegion: CountryCode;
  now: () => Date;
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
  million: 1_000_000,
  millions: 1_000_000,
  crore: 10_000_000,
  crores: 10_000_000,
  billion: 1_000_000_000,
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
 * Numbers over tokens: digits, number words ("twenty one", "one hundred and five", "two thousand
 * five hundred"), and digits with a scale word ("5 lakh", "2.5 million", "3k").
 */
function numberSpans(text: string, tokens: Token[]): NumberSpan[] {
  const spans: NumberSpan[] = [];
  const between = (a: Token, b: Token) => text.slice(a.end, b.start);
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index]!;
    const isWord = (t: Token | undefined) =>
      !!t && (t.norm in UNITS || t.norm in TENS || (t.norm in SCALES && t.norm !== 'k'));
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
        const end = found.index + found[0].length;
        while (last + 1 < tokens.length && tokens[last + 1]!.start < end) last += 1;
        const written = canonicalNumber(found[0]);
        const scaleToken = tokens[last + 1];
        const gap = scaleToken ? between(tokens[last]!, scaleToken) : '';
        const scale = scaleToken && /^\s?$/.test(gap) ? SCALES[scaleToken.norm] : undefined;
        if (scale && scale >= 1000) {
          spans.push({
            start: token.start,
            end: scaleToken!.end,
            value: formatNumber(Number(written) * scale),
            nextToken: last + 2,
          });
          index = last + 2;
        } else {
          spans.push({ start: token.start, end, value: written, nextToken: last + 1 });
          index = last + 1;
        }
        continue;
      }
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
        } else if (t.norm in SCALES && t.norm !== 'k') {
          const scale = SCALES[t.norm]!;
          const base = current === 0 ? 1 : current;
          if (scale === 100) current = base * 100;
          else {
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
        } else break;
        sawValue = true;
        last = position;
        position += 1;
      }
      if (sawValue) {
        spans.push({
          start: token.start,
          end: tokens[last]!.end,
          value: formatNumber(total + current),
          nextToken: last + 1,
        });
        index = last + 1;
        continue;
      }
    }
    index += 1;
  }
  return spans;
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

function today(now: () => Date): Date {
  const moment = now();
  return new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

const dateString = (date: Date) => isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())!;

/** The next day/month on or after today when the year is not given. */
function withoutYear(month: number, day: number, now: () => Date): string | null {
  const base = today(now);
  const year = base.getUTCFullYear();
  const thisYear = isoDate(year, month, day);
  if (thisYear && thisYear >= dateString(base)) return thisYear;
  return isoDate(year + 1, month, day) ?? (month === 2 && day === 29 ? isoDate(year + 4 - (year % 4), 2, 29) : null);
}

const fullYear = (written: string) => (written.length === 2 ? 2000 + Number(written) : Number(written));

const MONTH_NAMES = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const YEAR = String.raw`(\d{4}|'\d{2})`;
const NUMERIC_DATE = /(?<![\p{L}\p{N}./-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\p{L}\p{N}]|[./-]\d)/gu;
const ISO_DATE = /(?<![\p{L}\p{N}./-])(\d{4})-(\d{2})-(\d{2})(?![\p{L}\p{N}])/gu;
const DAY_MONTH = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${DAY}(?:\s+of)?[\s-]*(${MONTH_NAMES})\.?(?:,?[\s-]*${YEAR})?(?![\p{L}\p{N}])`,
  'giu',
);
const MONTH_DAY = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(${MONTH_NAMES})\.?\s+${DAY}(?:,?\s*${YEAR})?(?![\p{L}\p{N}])`,
  'giu',
);

function findDates(text: string, tokens: Token[], now: () => Date): Candidate[] {
  const found: Candidate[] = [];
  for (const hit of text.matchAll(ISO_DATE)) {
    const value = isoDate(Number(hit[1]), Number(hit[2]), Number(hit[3]));
    if (value) found.push(match('sys.date', value, text, hit.index, hit.index + hit[0].length));
  }
  for (const hit of text.matchAll(NUMERIC_DATE)) {
    const value = isoDate(fullYear(hit[4]!), Number(hit[3]), Number(hit[1]));
    if (value) found.push(match('sys.date', value, text, hit.index, hit.index + hit[0].length));
  }
  const named = (day: string, monthName: string, year: string | undefined, start: number, end: number) => {
    const month = MONTHS[normalizeText(monthName)];
    if (!month) return;
    // "may" is also a verb: "I may 2" is not a date; require a day number next to it (already) and
    // refuse "may" unless a year follows or it is capitalised.
    if (monthName.toLowerCase() === 'may' && !year && monthName !== 'May') return;
    const value = year
      ? isoDate(fullYear(year.replace("'", '')), month, Number(day))
      : withoutYear(month, Number(day), now);
    if (value) found.push(match('sys.date', value, text, start, end));
  };
  for (const hit of text.matchAll(DAY_MONTH)) named(hit[1]!, hit[2]!, hit[3], hit.index, hit.index + hit[0].length);
  for (const hit of text.matchAll(MONTH_DAY)) named(hit[2]!, hit[1]!, hit[3], hit.index, hit.index + hit[0].length);

  const base = today(now);
  tokens.forEach((token, index) => {
    const next = tokens[index + 1];
    const afterNext = tokens[index + 2];
    if (token.norm === 'day' && next?.norm === 'after' && afterNext?.norm === 'tomorrow') {
      found.push(match('sys.date', dateString(addDays(base, 2)), text, token.start, afterNext.end));
      return;
    }
    if (token.norm in RELATIVE_DAYS) {
      found.push(
        match('sys.date', dateString(addDays(base, RELATIVE_DAYS[token.norm]!)), text, token.start, token.end),
      );
      return;
    }
    if (token.norm in WEEKDAYS) {
      // Short forms ("sat", "wed", "mon") only with a qualifier, they are too often other words.
      const weekday = WEEKDAYS[token.norm]!;
      const previous = tokens[index - 1];
      const qualifier = previous && ['next', 'this', 'coming', 'on', 'agle', 'अगले'].includes(previous.norm);
      if (token.norm.length <= 4 && !qualifier && !/^[A-Z]/.test(token.text)) return;
      const isNext = previous && ['next', 'agle', 'अगले'].includes(previous.norm);
      let delta = (weekday - base.getUTCDay() + 7) % 7;
      if (isNext && delta === 0) delta = 7;
      const start = previous && qualifier && previous.norm !== 'on' ? previous.start : token.start;
      found.push(match('sys.date', dateString(addDays(base, delta)), text, start, token.end));
      return;
    }
    // "in 3 days", "in two weeks", "after 2 days"
    if ((token.norm === 'in' || token.norm === 'after') && next) {
      const count = DIGITS_ONLY.test(next.norm) ? Number(next.norm) : UNITS[next.norm];
      const unit = afterNext?.norm;
      if (count !== undefined && unit && /^(day|days|week|weeks)$/.test(unit)) {
        const days = count * (unit.startsWith('week') ? 7 : 1);
        found.push(match('sys.date', dateString(addDays(base, days)), text, token.start, afterNext!.end));
      }
    }
  });
  return found;
}

const TIME_COLON = /(?<![\p{L}\p{N}:.])(\d{1,2})[:.](\d{2})(?:\s*([ap])\.?\s?m\.?(?![\p{L}]))?(?![\p{N}]|:\d)/giu;
const TIME_MERIDIEM = /(?<![\p{L}\p{N}:.])(\d{1,2})\s*([ap])\.?\s?m\.?(?![\p{L}\p{N}])/giu;
const TIME_OCLOCK = /(?<![\p{L}\p{N}])(\d{1,2})\s*o['’]?\s?clock(?![\p{L}])/giu;
const TIME_HINDI =
  /(?<![\p{L}\p{N}])(?:(सुबह|दोपहर|शाम|रात|subah|dopahar|shaam|sham|raat)\s+)?(\d{1,2})(?::(\d{2}))?\s*(बजे|baje)(?![\p{L}])/giu;

function time(hour: number, minute: number, meridiem?: string): string | null {
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    const pm = meridiem.toLowerCase() === 'p';
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (hour > 23) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

function findTimes(text: string, tokens: Token[]): Candidate[] {
  const found: Candidate[] = [];
  for (const hit of text.matchAll(TIME_COLON)) {
    // "10.30" alone is a decimal: with a dot only when am/pm follows or "at"/"by"/… comes before.
    const cue = /(?:^|[^\p{L}])(?:at|by|around|till|until|before|after|from|to|between|and)\s+$/iu;
    if (/^\d{1,2}\./.test(hit[0]) && !hit[3] && !cue.test(text.slice(Math.max(0, hit.index - 10), hit.index))) continue;
    const value = time(Number(hit[1]), Number(hit[2]), hit[3]);
    if (value) found.push(match('sys.time', value, text, hit.index, hit.index + hit[0].length));
  }
  for (const hit of text.matchAll(TIME_MERIDIEM)) {
    const value = time(Number(hit[1]), 0, hit[2]);
    if (value) found.push(match('sys.time', value, text, hit.index, hit.index + hit[0].length));
  }
  for (const hit of text.matchAll(TIME_OCLOCK)) {
    const value = time(Number(hit[1]), 0);
    if (value) found.push(match('sys.time', value, text, hit.index, hit.index + hit[0].length));
  }
  for (const hit of text.matchAll(TIME_HINDI)) {
    const part = hit[1]?.toLowerCase();
    let hour = Number(hit[2]);
    if (part && /शाम|रात|shaam|sham|raat|दोपहर|dopahar/.test(part) && hour < 12) hour += 12;
    const value = time(hour, Number(hit[3] ?? 0));
    if (value) found.push(match('sys.time', value, text, hit.index, hit.index + hit[0].length));
  }
  for (const token of tokens) {
    if (token.norm === 'noon' || token.norm === 'midday')
      found.push(match('sys.time', '12:00', text, token.start, token.end));
    if (token.norm === 'midnight') found.push(match('sys.time', '00:00', text, token.start, token.end));
  }
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

const CURRENCY_PREFIX: [RegExp, string][] = [
  [/(?:^|[^\p{L}\p{N}])(?:₹|rs\.?|inr|rupees?)\s*$/iu, 'INR'],
  [/(?:^|[^\p{L}\p{N}])(?:us\$|usd)\s*$/iu, 'USD'],
  [/\$\s*$/u, 'USD'],
  [/(?:€|(?:^|[^\p{L}\p{N}])eur)\s*$/iu, 'EUR'],
  [/(?:£|(?:^|[^\p{L}\p{N}])gbp)\s*$/iu, 'GBP'],
  [/(?:¥|(?:^|[^\p{L}\p{N}])jpy)\s*$/iu, 'JPY'],
  [/(?:^|[^\p{L}\p{N}])aed\s*$/iu, 'AED'],
  [/(?:^|[^\p{L}\p{N}])sgd\s*$/iu, 'SGD'],
];
const CURRENCY_SUFFIX: [RegExp, string][] = [
  [/^\s*(?:₹|rupees?|rupaye|rupay|rupiya|rs\.?|inr|bucks? in india|रुपये|रुपए|रुपया|रुपयों|रु\.?)(?![\p{L}\p{M}])/iu, 'INR'],
  [/^\s*(?:paise|paisa)(?![\p{L}])/iu, 'INR-paise'],
  [/^\s*(?:dollars?|usd|bucks?)(?![\p{L}])/iu, 'USD'],
  [/^\s*(?:euros?|eur|€)(?![\p{L}])/iu, 'EUR'],
  [/^\s*(?:pounds?|gbp|£)(?![\p{L}])/iu, 'GBP'],
  [/^\s*(?:yen|jpy)(?![\p{L}])/iu, 'JPY'],
  [/^\s*(?:dirhams?|aed)(?![\p{L}])/iu, 'AED'],
];

function findAmounts(text: string, spans: NumberSpan[]): Candidate[] {
  const found: Candidate[] = [];
  for (const span of spans) {
    const before = text.slice(Math.max(0, span.start - 8), span.start);
    const after = text.slice(span.end, span.end + 16);
    let currency: string | undefined;
    let start = span.start;
    let end = span.end;
    for (const [pattern, code] of CURRENCY_PREFIX) {
      const hit = pattern.exec(before);
      if (hit) {
        currency = code;
        const symbolAt = before.length - hit[0].length + (/^[^\p{L}\p{N}₹$€£¥]/u.test(hit[0]) ? 1 : 0);
        start = span.start - before.length + symbolAt;
        break;
      }
    }
    if (!currency)
      for (const [pattern, code] of CURRENCY_SUFFIX) {
        const hit = pattern.exec(after);
        if (hit) {
          currency = code;
          end = span.end + hit[0].length;
          break;
        }
      }
    if (!currency) continue;
    let value = span.value;
    if (currency === 'INR-paise') {
      currency = 'INR';
      value = formatNumber(Number(span.value) / 100);
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
  if (wants('sys.date')) found.push(...findDates(text, tokens, options.now));
  if (wants('sys.time')) found.push(...findTimes(text, tokens));
  if (wants('sys.email')) found.push(...findEmails(text));
  if (wants('sys.phone')) found.push(...findPhones(text, options.defaultRegion));
  if (wants('sys.url')) found.push(...findUrls(text));
  if (wants('sys.amount')) found.push(...findAmounts(text, spans));
  if (wants('sys.percentage')) found.push(...findPercentages(text, spans));
  if (wants('sys.person')) found.push(...findPeople(text, tokens));
  void options.language;
  // Report the text as written (Devanagari digits included).
  return found.map((candidate) => ({ ...candidate, text: original.slice(candidate.start, candidate.end) }));
}

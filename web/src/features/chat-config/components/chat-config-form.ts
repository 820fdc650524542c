import {
  chatConfigBody,
  conversationLimits,
  type ChatConfig,
  type ChatConfigBody,
  type WorkingDay,
} from '@parley/contracts/conversations';
import type { FieldErrors } from '../../../lib/form-validation';

/** What the channel's side panel holds; numbers stay as typed (string) until they are sent. */
export interface ChatConfigFormValues {
  botAgentId: string | null;
  departmentId: string | null;
  workingHours: WorkingDay[];
  outOfHoursMessage: string;
  inactivityMinutes: number | string;
  missedMessage: string;
  handoffMessage: string;
  handoffKeywords: string[];
  offerAgentButton: boolean;
  handoffAfterMisses: number | string;
}

/** The weekdays in the order an admin reads them (Monday first); `day` is the contract's 0 = Sunday. */
export const weekdays = [
  { day: 1, name: 'Monday', short: 'Mon' },
  { day: 2, name: 'Tuesday', short: 'Tue' },
  { day: 3, name: 'Wednesday', short: 'Wed' },
  { day: 4, name: 'Thursday', short: 'Thu' },
  { day: 5, name: 'Friday', short: 'Fri' },
  { day: 6, name: 'Saturday', short: 'Sat' },
  { day: 0, name: 'Sunday', short: 'Sun' },
] as const;

const ALL_DAY = { start: '00:00', end: '23:59' };
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The stored hours indexed by day (0–6), whatever order the server sent them in. */
export function hoursByDay(hours: readonly WorkingDay[]): WorkingDay[] {
  return [0, 1, 2, 3, 4, 5, 6].map(
    (day) => hours.find((entry) => entry.day === day) ?? { day, open: true, ...ALL_DAY },
  );
}

export function initialChatConfigValues(config: ChatConfig): ChatConfigFormValues {
  return {
    botAgentId: config.botAgentId,
    departmentId: config.departmentId,
    workingHours: hoursByDay(config.workingHours),
    outOfHoursMessage: config.outOfHoursMessage,
    inactivityMinutes: config.inactivityMinutes,
    missedMessage: config.missedMessage,
    handoffMessage: config.handoffMessage,
    handoffKeywords: [...config.handoffKeywords],
    offerAgentButton: config.offerAgentButton,
    handoffAfterMisses: config.handoffAfterMisses,
  };
}

const toNumber = (value: number | string) => (value === '' ? Number.NaN : Number(value));

export function toChatConfigBody(values: ChatConfigFormValues): ChatConfigBody {
  return {
    botAgentId: values.botAgentId,
    departmentId: values.departmentId,
    // A closed day's hidden times cannot be corrected on screen: unreadable ones go as the whole day.
    workingHours: values.workingHours.map(({ day, open, start, end }) =>
      open || (TIME.test(start) && TIME.test(end)) ? { day, open, start, end } : { day, open, ...ALL_DAY },
    ),
    outOfHoursMessage: values.outOfHoursMessage,
    inactivityMinutes: toNumber(values.inactivityMinutes),
    missedMessage: values.missedMessage,
    handoffMessage: values.handoffMessage,
    handoffKeywords: values.handoffKeywords,
    offerAgentButton: values.offerAgentButton,
    handoffAfterMisses: toNumber(values.handoffAfterMisses),
  };
}

/** The key of one time input's message, e.g. 'workingHours.1.end' (the contract's issue path). */
export const hoursKey = (day: number, field: 'start' | 'end') => `workingHours.${day}.${field}`;

/**
 * Zod's own texts for numbers and lists are written for developers ('Too big: expected number to
 * be <=10'); the admin reads these instead. The contract's own messages (hours) are kept.
 */
const reworded: Record<string, string> = {
  inactivityMinutes: `Enter whole minutes from 0 to ${conversationLimits.inactivityMinutesMax}`,
  handoffAfterMisses: 'Enter a number from 0 to 10',
};

/** Every message the form shows before it is sent, keyed by field (and by day for the hours). */
export function validateChatConfig(values: ChatConfigFormValues): FieldErrors {
  const result = chatConfigBody.safeParse(toChatConfigBody(values));
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const [field, index, part] = issue.path;
    if (field === undefined) continue;
    let key = String(field);
    let message = reworded[key] ?? issue.message;
    if (key === 'workingHours' && typeof index === 'number') {
      // The array is sent Sunday first, so the index is the day.
      key = hoursKey(index, part === 'start' ? 'start' : 'end');
    } else if (key === 'handoffKeywords') {
      message =
        index === undefined
          ? `At most ${conversationLimits.keywordsMax} keywords`
          : 'A keyword can have at most 60 characters';
    }
    errors[key] ??= message;
  }
  return errors;
}

/** '09:00' from what was typed: '9', '9:00', '900' and '0900' are all read as 09:00. */
export function normalizeTime(raw: string): string {
  const text = raw.trim();
  const match = /^(\d{1,2})(?::?(\d{2}))?$/.exec(text);
  if (!match) return raw;
  const hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  if (hours > 23 || minutes > 59) return raw;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Monday's hours on Tuesday to Friday. */
export function copyMondayToWeekdays(hours: readonly WorkingDay[]): WorkingDay[] {
  const monday = hours.find((entry) => entry.day === 1);
  if (!monday) return [...hours];
  return hours.map((entry) =>
    entry.day >= 2 && entry.day <= 5 ? { ...entry, open: monday.open, start: monday.start, end: monday.end } : entry,
  );
}

function hoursText(entry: WorkingDay): string {
  if (!entry.open) return 'closed';
  if (entry.start === ALL_DAY.start && entry.end === ALL_DAY.end) return 'all day';
  return `${entry.start}–${entry.end}`;
}

/**
 * One line for a channel's card: consecutive days with the same hours are grouped, e.g.
 * 'Mon–Fri 09:00–18:00 · Sat 10:00–14:00 · Sun closed'.
 */
export function summarizeWorkingHours(hours: readonly WorkingDay[]): string {
  const byDay = hoursByDay(hours);
  const groups: { first: string; last: string; text: string }[] = [];
  for (const { day, short } of weekdays) {
    const text = hoursText(byDay[day]!);
    const previous = groups.at(-1);
    if (previous && previous.text === text) previous.last = short;
    else groups.push({ first: short, last: short, text });
  }
  if (groups.length === 1)
    return groups[0]!.text === 'all day' ? 'Open all day, every day' : `Every day ${groups[0]!.text}`;
  return groups
    .map((group) => `${group.first === group.last ? group.first : `${group.first}–${group.last}`} ${group.text}`)
    .join(' · ');
}

/** '45 min', '2 h', '1 h 30 min', '1 day'; 0 is 'Never'. */
export function formatMinutes(total: number): string {
  if (total <= 0) return 'Never';
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(days === 1 ? '1 day' : `${days} days`);
  if (hours > 0) parts.push(`${hours} h`);
  if (minutes > 0) parts.push(`${minutes} min`);
  return parts.join(' ');
}

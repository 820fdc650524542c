import { defaultWorkingHours } from '@parley/contracts/conversations';
import {
  copyMondayToWeekdays,
  formatMinutes,
  normalizeTime,
  summarizeWorkingHours,
  validateChatConfig,
  initialChatConfigValues,
} from './chat-config-form';
import { chatConfig } from './chat-config-fixtures.test-data';

describe('chat config form', () => {
  it('reads hand-typed times in the 24-hour form and leaves the unreadable ones for the message', () => {
    expect(normalizeTime('9')).toBe('09:00');
    expect(normalizeTime('9:30')).toBe('09:30');
    expect(normalizeTime('1830')).toBe('18:30');
    expect(normalizeTime(' 07:05 ')).toBe('07:05');
    expect(normalizeTime('25:00')).toBe('25:00');
    expect(normalizeTime('9am')).toBe('9am');
  });

  it('sums up a week in one line, Monday first', () => {
    expect(summarizeWorkingHours(defaultWorkingHours)).toBe('Open all day, every day');
    const weekdays = defaultWorkingHours.map((day) =>
      day.day === 0 || day.day === 6 ? { ...day, open: false } : { ...day, start: '09:00', end: '17:30' },
    );
    expect(summarizeWorkingHours(weekdays)).toBe('Mon–Fri 09:00–17:30 · Sat–Sun closed');
    expect(summarizeWorkingHours(defaultWorkingHours.map((day) => ({ ...day, start: '08:00', end: '20:00' })))).toBe(
      'Every day 08:00–20:00',
    );
  });

  it('copies Monday to Tuesday–Friday only', () => {
    const hours = defaultWorkingHours.map((day) => (day.day === 1 ? { ...day, start: '10:00', end: '16:00' } : day));
    const copied = copyMondayToWeekdays(hours);
    expect(copied.filter((day) => day.start === '10:00').map((day) => day.day)).toEqual([1, 2, 3, 4, 5]);
  });

  it('words durations and numeric limits for people', () => {
    expect(formatMinutes(0)).toBe('Never');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(1440 + 90)).toBe('1 day 1 h 30 min');
    const values = { ...initialChatConfigValues(chatConfig()), inactivityMinutes: '', handoffAfterMisses: 11 };
    expect(validateChatConfig(values)).toEqual({
      inactivityMinutes: 'Enter whole minutes from 0 to 10080',
      handoffAfterMisses: 'Enter a number from 0 to 10',
    });
  });
});

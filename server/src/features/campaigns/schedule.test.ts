import { describe, expect, it } from 'vitest';
import { schedule as scheduleSchema, type Schedule } from '@parley/contracts/campaigns';
import { listOccurrences, nextOccurrence, scheduleErrors, zonedTime } from './schedule';

const schedule = (input: Partial<Schedule>): Schedule => scheduleSchema.parse(input);

describe('schedule occurrences in the enterprise timezone', () => {
  it('reads a local time in the zone (Kolkata is UTC+5:30)', () => {
    expect(zonedTime({ year: 2026, month: 3, day: 1 }, 9, 0, 'Asia/Kolkata').toISOString()).toBe(
      '2026-03-01T03:30:00.000Z',
    );
  });

  it('once: the one time, only while it is ahead', () => {
    const once = schedule({ kind: 'once', at: '2026-03-01T09:00' });
    expect(nextOccurrence(once, 'Asia/Kolkata', new Date('2026-02-01T00:00:00Z'))?.toISOString()).toBe(
      '2026-03-01T03:30:00.000Z',
    );
    expect(nextOccurrence(once, 'Asia/Kolkata', new Date('2026-03-02T00:00:00Z'))).toBeNull();
  });

  it('daily: every day at the time from the first date until the end, inclusive', () => {
    const daily = schedule({ kind: 'daily', at: '2026-03-01T09:00', until: '2026-03-03' });
    expect(listOccurrences(daily, 'Asia/Kolkata', new Date(0)).map((date) => date.toISOString())).toEqual([
      '2026-03-01T03:30:00.000Z',
      '2026-03-02T03:30:00.000Z',
      '2026-03-03T03:30:00.000Z',
    ]);
  });

  it('weekly: the chosen weekdays only (0 is Sunday)', () => {
    // 2026-03-02 is a Monday.
    const weekly = schedule({ kind: 'weekly', at: '2026-03-01T18:30', until: '2026-03-14', weekdays: [1, 5] });
    expect(listOccurrences(weekly, 'UTC', new Date(0)).map((date) => date.toISOString().slice(0, 10))).toEqual([
      '2026-03-02',
      '2026-03-06',
      '2026-03-09',
      '2026-03-13',
    ]);
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    // New York moves to UTC-4 on 2026-03-08.
    const daily = schedule({ kind: 'daily', at: '2026-03-07T09:00', until: '2026-03-09' });
    expect(listOccurrences(daily, 'America/New_York', new Date(0)).map((date) => date.toISOString())).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
  });

  it('the next occurrence after a run is the following day’s', () => {
    const daily = schedule({ kind: 'daily', at: '2026-03-01T09:00', until: '2026-03-03' });
    const after = new Date(Date.parse('2026-03-01T03:30:00Z') + 1);
    expect(nextOccurrence(daily, 'Asia/Kolkata', after)?.toISOString()).toBe('2026-03-02T03:30:00.000Z');
    expect(nextOccurrence(daily, 'Asia/Kolkata', new Date('2026-03-03T04:00:00Z'))).toBeNull();
  });
});

describe('schedule checks', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  it('once needs a future time', () => {
    expect(scheduleErrors(schedule({ kind: 'once', at: '2026-02-28T23:00' }), 'UTC', now)).toEqual({
      'schedule.at': 'Choose a time in the future',
    });
    expect(scheduleErrors(schedule({ kind: 'once', at: '2026-02-30T10:00' }), 'UTC', now)).toHaveProperty([
      'schedule.at',
    ]);
    expect(scheduleErrors(schedule({ kind: 'once', at: '2026-03-01T10:00' }), 'UTC', now)).toEqual({});
  });

  it('recurring needs a time, an end after the first send, and weekly its days', () => {
    expect(scheduleErrors(schedule({ kind: 'daily', until: '2026-04-01' }), 'UTC', now)).toEqual({
      'schedule.at': 'This Field is Mandatory',
    });
    expect(
      scheduleErrors(schedule({ kind: 'daily', at: '2026-03-05T10:00', until: '2026-03-04' }), 'UTC', now),
    ).toEqual({ 'schedule.until': 'The end must be after the first send' });
    expect(
      scheduleErrors(schedule({ kind: 'weekly', at: '2026-03-05T10:00', until: '2026-04-01' }), 'UTC', now),
    ).toEqual({ 'schedule.weekdays': 'This Field is Mandatory' });
    expect(
      scheduleErrors(schedule({ kind: 'daily', at: '2026-03-05T10:00', until: '2026-03-05' }), 'UTC', now),
    ).toEqual({});
  });
});

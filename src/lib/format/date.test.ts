import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatLongDate, formatShortDate, formatTime, parseWpDate } from './date';

describe('French dates, Europe/Paris', () => {
  it('formats the long date, the short date and the time the French way', () => {
    expect(formatLongDate('2026-11-22T14:05:00')).toBe('dimanche 22 novembre 2026');
    expect(formatLongDate(new Date('2026-11-21T13:05:00Z'))).toBe('samedi 21 novembre 2026');
    expect(formatShortDate('2026-11-22T14:05:00')).toBe('22 nov. 2026');
    expect(formatTime('2026-11-22T14:05:00')).toBe('14h05');
    expect(formatTime('2026-11-22T09:00:00')).toBe('09h00');
    expect(formatDateTime('2026-11-22T14:05:00')).toBe('dimanche 22 novembre 2026 à 14h05');
  });

  it('writes the first of the month as an ordinal', () => {
    expect(formatLongDate('2026-11-01T10:00:00')).toBe('dimanche 1er novembre 2026');
    expect(formatDate('2026-08-01T10:00:00')).toBe('1er août 2026');
    expect(formatDate('2026-08-11T10:00:00')).toBe('11 août 2026');
  });

  it('reads WordPress wall-clock times as Paris time, across daylight saving', () => {
    expect(parseWpDate('2026-11-22T14:05:00')!.toISOString()).toBe('2026-11-22T13:05:00.000Z'); // UTC+1
    expect(parseWpDate('2026-07-14T21:00:00')!.toISOString()).toBe('2026-07-14T19:00:00.000Z'); // UTC+2
    expect(parseWpDate('2026-03-29T03:30:00')!.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parseWpDate('2026-11-22T14:05:00Z')!.toISOString()).toBe('2026-11-22T14:05:00.000Z');
    expect(formatTime('2026-11-22T13:05:00Z')).toBe('14h05');
  });

  it('gives an empty string, not "Invalid Date", for garbage', () => {
    expect(parseWpDate('pas une date')).toBeNull();
    expect(formatLongDate('pas une date')).toBe('');
    expect(formatTime('')).toBe('');
  });
});

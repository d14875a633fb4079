import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLongDate,
  formatShortDate,
  formatTime,
  frenchDay,
  fullYear,
  parseWpDate,
  readTypedDate,
  TWO_DIGIT_YEAR_CUTOFF,
} from './date';

describe('French dates, Europe/Paris', () => {
  it('formats the long date, the short date and the time the French way', () => {
    expect(formatLongDate('2026-11-22T14:05:00')).toBe('dimanche 22 novembre 2026');
    expect(formatLongDate(new Date('2026-11-21T13:05:00Z'))).toBe('samedi 21 novembre 2026');
    expect(formatShortDate('2026-11-22T14:05:00')).toBe('22 nov. 2026');
    expect(formatTime('2026-11-22T14:05:00')).toBe('14h05');
    expect(formatTime('2026-11-22T09:00:00')).toBe('9h00');
    expect(formatTime('2026-11-22T00:05:00')).toBe('0h05');
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

describe('dates typed in a form: two-digit years, cutoff 60 (SPEC §9)', () => {
  it('reads 00 to 60 in the 2000s and 61 to 99 in the 1900s: 60 is 2060, 61 is 1961', () => {
    expect(TWO_DIGIT_YEAR_CUTOFF).toBe(60);
    expect(fullYear(0)).toBe(2000);
    expect(fullYear(25)).toBe(2025);
    expect(fullYear(59)).toBe(2059);
    expect(fullYear(60)).toBe(2060);
    expect(fullYear(61)).toBe(1961);
    expect(fullYear(85)).toBe(1985);
    expect(fullYear(99)).toBe(1999);
  });

  it('reads the French order with a two- or four-digit year', () => {
    expect(readTypedDate('12/03/85')).toBe('1985-03-12');
    expect(readTypedDate('01/01/25')).toBe('2025-01-01');
    expect(readTypedDate('01/01/59')).toBe('2059-01-01');
    expect(readTypedDate('01/01/60')).toBe('2060-01-01');
    expect(readTypedDate('01/01/61')).toBe('1961-01-01');
    expect(readTypedDate('01/01/00')).toBe('2000-01-01');
    expect(readTypedDate('31/12/99')).toBe('1999-12-31');
    expect(readTypedDate('12/03/1985')).toBe('1985-03-12');
    expect(readTypedDate('1/3/85')).toBe('1985-03-01');
    expect(readTypedDate('12.03.85')).toBe('1985-03-12');
    expect(readTypedDate('12-03-85')).toBe('1985-03-12');
    expect(readTypedDate(' 12 03 1985 ')).toBe('1985-03-12');
  });

  it('reads the ISO day a date input posts; its year 00YY is a two-digit year typed there', () => {
    expect(readTypedDate('1985-03-12')).toBe('1985-03-12');
    expect(readTypedDate('0085-03-12')).toBe('1985-03-12');
    expect(readTypedDate('0025-01-01')).toBe('2025-01-01');
    expect(readTypedDate('0060-06-30')).toBe('2060-06-30');
    expect(readTypedDate('0061-06-30')).toBe('1961-06-30');
    expect(readTypedDate('0000-02-29')).toBe('2000-02-29');
  });

  it('refuses what is not a real day', () => {
    for (const bad of [
      '',
      'demain',
      '30/02/2026',
      '29/02/61',
      '31/04/25',
      '12/13/85',
      '00/01/85',
      '12/03/198',
      '12/03/19850',
      '1985-3-12',
      '2026-02-30',
      '12/03',
      '85',
    ]) {
      expect(readTypedDate(bad), bad).toBeNull();
    }
    expect(readTypedDate('29/02/2024')).toBe('2024-02-29');
  });

  it('writes an ISO day back in the French order', () => {
    expect(frenchDay('1985-03-12')).toBe('12/03/1985');
    expect(frenchDay('pas une date')).toBe('pas une date');
  });
});

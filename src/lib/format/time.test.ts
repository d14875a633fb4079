import { describe, expect, it } from 'vitest';
import { isoWithParisOffset, parisDate, parisWallClock, readWpDate } from './time';

describe('Paris time output', () => {
  it('writes ISO 8601 with the Paris offset, winter and summer', () => {
    expect(isoWithParisOffset(readWpDate('2026-11-22T14:05:00')!)).toBe('2026-11-22T14:05:00+01:00');
    expect(isoWithParisOffset(readWpDate('2026-07-14T21:00:00')!)).toBe('2026-07-14T21:00:00+02:00');
    expect(isoWithParisOffset(new Date('2026-03-29T00:59:59.999Z'))).toBe('2026-03-29T01:59:59+01:00');
    expect(isoWithParisOffset(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29T03:00:00+02:00');
    expect(isoWithParisOffset(new Date('2026-10-25T00:30:00Z'))).toBe('2026-10-25T02:30:00+02:00');
    expect(isoWithParisOffset(new Date('2026-10-25T01:30:00Z'))).toBe('2026-10-25T02:30:00+01:00');
  });

  it('gives the Paris calendar date, not the UTC one', () => {
    expect(parisDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(parisWallClock(new Date('2026-06-30T22:15:00Z'))).toMatchObject({
      year: 2026,
      month: 7,
      day: 1,
      hour: 0,
      minute: 15,
      offsetMinutes: 120,
    });
  });

  it('reads empty and garbage dates as null', () => {
    expect(readWpDate('')).toBeNull();
    expect(readWpDate('  ')).toBeNull();
    expect(readWpDate('demain')).toBeNull();
  });
});

// The calendar sweep's instants: the edges of the Paris calendar where a date rule can slip (the
// clock changes, the turn of the year, a leap day, the turn of the rugby season), and ordinary
// days spread over several years. The workerd sweep (test/worker/calendar.test.ts) runs the site
// at each; the unit sweep (test/calendar/instants.test.ts) runs the pure rules at each and at
// random instants.

export type CalendarInstant = { at: string; why: string };

export const CALENDAR_INSTANTS: readonly CalendarInstant[] = [
  { at: '2027-03-28T00:59:59Z', why: 'heure d’été : la dernière seconde avant le changement (01:59:59 à Paris)' },
  { at: '2027-03-28T01:00:00Z', why: 'heure d’été : 03:00 à Paris, l’heure de 02:00 n’existe pas' },
  { at: '2027-03-28T01:30:00Z', why: 'heure d’été : 03:30 à Paris, une demi-heure après le changement' },
  { at: '2026-10-25T00:30:00Z', why: 'heure d’hiver : 02:30 à Paris, la première fois (heure d’été)' },
  { at: '2026-10-25T01:30:00Z', why: 'heure d’hiver : 02:30 à Paris, la seconde fois (heure d’hiver)' },
  { at: '2027-10-31T00:59:59Z', why: 'heure d’hiver 2027 : 02:59:59 à Paris, avant de revenir à 02:00' },
  { at: '2026-12-31T22:59:59Z', why: 'Saint-Sylvestre : 23:59:59 le 31 décembre 2026 à Paris' },
  { at: '2026-12-31T23:00:00Z', why: 'Nouvel An : le 1er janvier 2027 à Paris, encore 2026 en UTC' },
  { at: '2027-01-01T00:30:00Z', why: 'Nouvel An : 01:30 le 1er janvier 2027 à Paris' },
  { at: '2028-02-28T23:30:00Z', why: '29 février 2028 : 00:30 à Paris, encore le 28 en UTC' },
  { at: '2028-02-29T12:00:00Z', why: '29 février 2028 à midi' },
  { at: '2028-02-29T23:30:00Z', why: 'le 1er mars 2028 à Paris, encore le 29 février en UTC' },
  { at: '2024-02-29T09:00:00Z', why: '29 février 2024' },
  { at: '2027-06-30T21:59:59Z', why: 'fin de la saison 2026-2027 : 23:59:59 le 30 juin à Paris' },
  { at: '2027-06-30T22:00:00Z', why: 'saison 2027-2028 : minuit le 1er juillet à Paris' },
  { at: '2026-11-22T08:00:00Z', why: 'le jour de référence du calendrier des événements' },
  { at: '2026-11-25T09:00:00Z', why: 'le matin où la suite a échoué (issue 28)' },
  { at: '2025-07-14T10:00:00Z', why: 'un jour férié d’été, hors saison' },
  { at: '2027-09-05T04:00:00Z', why: 'la nuit, avant le premier article du jour' },
  { at: '2029-04-01T06:00:00Z', why: 'un dimanche de printemps, trois ans plus tard' },
  { at: '2030-08-15T16:45:00Z', why: 'un après-midi d’août' },
  { at: '2031-12-31T23:59:59Z', why: 'la dernière seconde de 2031 en UTC, déjà 2032 à Paris' },
  { at: '2032-02-29T11:11:00Z', why: '29 février 2032' },
  { at: '2035-06-15T03:00:00Z', why: 'une nuit de juin, dix ans plus tard' },
  { at: '2040-01-01T00:00:00Z', why: 'le 1er janvier 2040 à 01:00 à Paris' },
];

import { describe, expect, it } from 'vitest';
import { EventSchema, type Event } from '../../schemas/event';
import { escapeText, foldLine, renderCalendar } from './ical';

const octets = (s: string) => new TextEncoder().encode(s).length;

type Prop = { name: string; params: Record<string, string>; value: string };
type Component = { type: string; props: Prop[]; children: Component[] };

/** Test-side reader: unfolds (RFC 5545 §3.1), splits name;params:value, nests BEGIN/END. */
function parseCalendar(text: string): Component {
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/); // no bare CR or LF anywhere
    expect(octets(line), line).toBeLessThanOrEqual(75);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  const root: Component = { type: 'ROOT', props: [], children: [] };
  const stack = [root];
  for (const line of lines) {
    const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const [name, ...paramParts] = line.slice(0, colon).split(';');
    const value = line.slice(colon + 1);
    const params = Object.fromEntries(paramParts.map((p) => p.split('=') as [string, string]));
    if (name === 'BEGIN') {
      const c: Component = { type: value, props: [], children: [] };
      stack[stack.length - 1]!.children.push(c);
      stack.push(c);
    } else if (name === 'END') {
      expect(stack.pop()!.type).toBe(value);
    } else {
      stack[stack.length - 1]!.props.push({ name: name!, params, value });
    }
  }
  expect(stack).toHaveLength(1);
  expect(root.children).toHaveLength(1);
  return root.children[0]!;
}

const unescapeText = (v: string) => v.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
const prop = (c: Component, name: string) => c.props.find((p) => p.name === name);

const event = (over: Partial<Record<keyof Event, unknown>>): Event =>
  EventSchema.parse({
    id: 9001,
    startDate: '2026-11-29T21:10:00',
    endDate: '2026-11-29T23:10:00',
    title: 'France – Nouvelle-Zélande',
    label: 'Test-match',
    team: 'XV de France',
    slug: 'france-nouvelle-zelande-2026-11-29',
    description: '',
    venue: 'Stade de France',
    adress: 'ZAC du Cornillon Nord',
    zip: '93216',
    city: 'Saint-Denis',
    lat: 48.9244,
    long: 2.3601,
    all_day: false,
    ...over,
  });

const longDescription =
  'Coup d’envoi à 21h10, ouverture des portes à 19h00 ; accréditations : salle de presse, niveau 2.\n\n' +
  'Zone mixte après la rencontre. Chemin réseau : \\\\serveur\\photos. Réservé aux journalistes accrédités — « Équipe de France » 🏉 ' +
  'é'.repeat(60);

const events = [
  event({ id: 1, description: longDescription }),
  event({
    id: 2,
    title: 'Conférence de presse, Marcoussis; 14h',
    startDate: '2026-07-14T14:00:00',
    endDate: '2026-07-14T15:00:00',
    label: '',
    lat: 0,
    long: 0,
    slug: 'conference',
  }),
  event({
    id: 3,
    title: 'Stage',
    all_day: true,
    startDate: '2026-07-03T00:00:00',
    endDate: '2026-07-05T23:59:59',
    team: 'XV de France',
    label: 'XV de France',
    slug: 'stage',
  }),
  event({ id: 4, title: 'Réveillon', all_day: true, startDate: '2026-12-31T00:00:00', endDate: '', slug: 'reveillon' }),
  event({ id: 5, title: 'Sans date', startDate: 'à préciser', slug: 'sans-date' }),
  event({ id: 6, title: 'Heure UTC', startDate: '2026-07-14T19:00:00Z', endDate: '', slug: 'utc' }),
];

const render = () =>
  renderCalendar({
    events,
    siteUrl: 'https://presse.ffr.fr/',
    calendarName: 'FFR Presse — Événements',
    now: new Date('2026-11-22T13:05:09.123Z'),
  });

describe('iCalendar feed', () => {
  it('has the calendar header and the Europe/Paris VTIMEZONE', () => {
    const cal = parseCalendar(render());
    expect(cal.type).toBe('VCALENDAR');
    expect(cal.props.map((p) => `${p.name}:${p.value}`)).toEqual([
      'PRODID:-//FFR//Presse//FR',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:FFR Presse — Événements',
      'X-WR-TIMEZONE:Europe/Paris',
    ]);
    const tz = cal.children.find((c) => c.type === 'VTIMEZONE')!;
    expect(prop(tz, 'TZID')?.value).toBe('Europe/Paris');
    const daylight = tz.children.find((c) => c.type === 'DAYLIGHT')!;
    const standard = tz.children.find((c) => c.type === 'STANDARD')!;
    expect([prop(daylight, 'TZOFFSETFROM')?.value, prop(daylight, 'TZOFFSETTO')?.value, prop(daylight, 'RRULE')?.value]).toEqual([
      '+0100',
      '+0200',
      'FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    ]);
    expect([prop(standard, 'TZOFFSETFROM')?.value, prop(standard, 'TZOFFSETTO')?.value, prop(standard, 'RRULE')?.value]).toEqual([
      '+0200',
      '+0100',
      'FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    ]);
    // The DTSTARTs must themselves be last Sundays at 02:00 and 03:00.
    expect(new Date(Date.UTC(1970, 2, 29)).getUTCDay()).toBe(0);
    expect(new Date(Date.UTC(1970, 9, 25)).getUTCDay()).toBe(0);
    expect(prop(daylight, 'DTSTART')?.value).toBe('19700329T020000');
    expect(prop(standard, 'DTSTART')?.value).toBe('19701025T030000');
  });

  it('writes one VEVENT per event with a readable start', () => {
    const vevents = parseCalendar(render()).children.filter((c) => c.type === 'VEVENT');
    expect(vevents.map((e) => prop(e, 'UID')?.value)).toEqual([
      'event-1@presse.ffr.fr',
      'event-2@presse.ffr.fr',
      'event-3@presse.ffr.fr',
      'event-4@presse.ffr.fr',
      'event-6@presse.ffr.fr',
    ]);
    for (const e of vevents) expect(prop(e, 'DTSTAMP')?.value).toBe('20261122T130509Z');
  });

  it('writes timed events as Paris wall-clock times', () => {
    const [winter, summer, , , utc] = parseCalendar(render()).children.filter((c) => c.type === 'VEVENT');
    expect(prop(winter!, 'DTSTART')).toEqual({ name: 'DTSTART', params: { TZID: 'Europe/Paris' }, value: '20261129T211000' });
    expect(prop(winter!, 'DTEND')).toEqual({ name: 'DTEND', params: { TZID: 'Europe/Paris' }, value: '20261129T231000' });
    expect(prop(summer!, 'DTSTART')?.value).toBe('20260714T140000');
    expect(prop(utc!, 'DTSTART')?.value).toBe('20260714T210000'); // 19:00Z is 21:00 in Paris in July
    expect(prop(utc!, 'DTEND')).toBeUndefined();
  });

  it('writes all-day events as dates with an exclusive end', () => {
    const [, , stage, reveillon] = parseCalendar(render()).children.filter((c) => c.type === 'VEVENT');
    expect(prop(stage!, 'DTSTART')).toEqual({ name: 'DTSTART', params: { VALUE: 'DATE' }, value: '20260703' });
    expect(prop(stage!, 'DTEND')).toEqual({ name: 'DTEND', params: { VALUE: 'DATE' }, value: '20260706' });
    expect(prop(reveillon!, 'DTSTART')?.value).toBe('20261231');
    expect(prop(reveillon!, 'DTEND')?.value).toBe('20270101');
  });

  it('escapes and folds text, and reads it back unchanged', () => {
    const text = render();
    const [first, second, stage] = parseCalendar(text).children.filter((c) => c.type === 'VEVENT');
    expect(unescapeText(prop(first!, 'DESCRIPTION')!.value)).toBe(longDescription);
    expect(prop(first!, 'DESCRIPTION')!.value).toContain('21h10\\, ouverture');
    expect(prop(first!, 'DESCRIPTION')!.value).toContain('19h00 \\; accréditations');
    expect(prop(first!, 'DESCRIPTION')!.value).toContain('niveau 2.\\n\\nZone');
    expect(prop(first!, 'DESCRIPTION')!.value).toContain('\\\\\\\\serveur\\\\photos');
    expect(unescapeText(prop(second!, 'SUMMARY')!.value)).toBe('Conférence de presse, Marcoussis; 14h');
    expect(unescapeText(prop(first!, 'LOCATION')!.value)).toBe('Stade de France, ZAC du Cornillon Nord, 93216 Saint-Denis');
    expect(text).toMatch(/\r\n DESCRIPTION|\r\n [^\r]/); // something was actually folded
    expect(prop(first!, 'URL')?.value).toBe('https://presse.ffr.fr/evenements/france-nouvelle-zelande-2026-11-29');
    expect(prop(first!, 'CATEGORIES')?.value).toBe('XV de France,Test-match');
    expect(prop(stage!, 'CATEGORIES')?.value).toBe('XV de France'); // team and label deduplicated
    expect(prop(second!, 'CATEGORIES')?.value).toBe('XV de France');
  });

  it('writes GEO only when the coordinates are set', () => {
    const [first, second] = parseCalendar(render()).children.filter((c) => c.type === 'VEVENT');
    expect(prop(first!, 'GEO')?.value).toBe('48.9244;2.3601');
    expect(prop(second!, 'GEO')).toBeUndefined();
  });

  it('renders an empty calendar', () => {
    const cal = parseCalendar(renderCalendar({ events: [], siteUrl: 'https://presse.ffr.fr', calendarName: 'x', now: new Date(0) }));
    expect(cal.children.map((c) => c.type)).toEqual(['VTIMEZONE']);
  });
});

describe('line folding and TEXT escaping', () => {
  it('folds at 75 octets without splitting multi-byte characters', () => {
    const line = `DESCRIPTION:${'é'.repeat(50)}🏉${'à'.repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) {
      expect(octets(p)).toBeLessThanOrEqual(75);
      expect(p).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/); // no lone surrogate
    }
    // "DESCRIPTION:" is 12 octets, then 31 « é » (62) = 74; one more would make 76.
    expect(octets(parts[0]!)).toBe(74);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
  });

  it('leaves short lines alone and folds ASCII at exactly 75', () => {
    expect(foldLine('SUMMARY:Court')).toBe('SUMMARY:Court');
    const parts = foldLine('X'.repeat(200)).split('\r\n');
    expect(parts.map(octets)).toEqual([75, 75, 52]); // 75 + 74 + 51 characters, plus the two leading spaces
  });

  it('escapes backslash, semicolon, comma and newlines; drops other controls', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg\u0000h\ti')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'h\ti');
  });
});

import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AccreditationRequests, requestRows } from './AccreditationRequests';

const NOW = new Date('2026-11-22T08:00:00Z');
const request = (event_id: number, date: string, status: string) => ({ event_id, title: `Événement ${event_id}`, date, status });

describe('the press space’s accreditation requests (SPEC §4)', () => {
  it('puts the latest event first', () => {
    const rows = requestRows(
      [
        request(1, '2026-10-01 20:00:00', 'valide'),
        request(2, '2026-12-05 15:00:00', 'attente'),
        request(3, '2026-11-14 21:10:00', 'refuse'),
      ],
      NOW,
    );
    expect(rows.map((r) => r.title)).toEqual(['Événement 2', 'Événement 3', 'Événement 1']);
  });

  it('closes a request left waiting once its event’s day is over, in Paris; fermee is closed too', () => {
    const badges = (date: string, status = 'attente') => requestRows([request(1, date, status)], NOW)[0]!.badge;
    expect(badges('2026-11-21 23:30:00')).toBe('cloturee');
    // The same day in Paris is not over yet, even past its hour.
    expect(badges('2026-11-22 00:30:00')).toBe('attente');
    expect(badges('2026-12-01 20:00:00', 'fermee')).toBe('cloturee');
    expect(badges('2026-10-01 20:00:00', 'valide')).toBe('valide');
    expect(badges('2026-10-01 20:00:00', 'refuse')).toBe('refuse');
    // A status WordPress may add one day: waiting while the event is to come.
    expect(badges('2026-12-01 20:00:00', 'a_traiter')).toBe('attente');
  });

  it('says SPEC §4’s words for a closed request once, under the table', () => {
    const html = renderToString(
      <AccreditationRequests
        requests={[request(1, '2026-11-01 20:00:00', 'fermee'), request(2, '2026-11-02 20:00:00', 'attente')]}
        now={NOW}
      />,
    );
    expect(html.match(/il n’est plus possible de vous accréditer à cet événement/g)).toHaveLength(1);
    expect(html.match(/>Clôturée</g)).toHaveLength(3);
    expect(renderToString(<AccreditationRequests requests={[]} now={NOW} />)).toContain('Vous n’avez pas encore demandé d’accréditation.');
  });
});

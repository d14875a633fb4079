import { formatLongDate, parisDay, parseWpDate } from '../../lib/format/date';
import type { Prefs } from '../../schemas/prefs';

// The press space's « Mes demandes d’accréditation » (SPEC §4: attente, refuse, valide, fermee).

type Request = Prefs['journaliste_accreditations_events'][number];
export type RequestBadge = 'attente' | 'refuse' | 'valide' | 'cloturee';
export type RequestRow = { key: string; title: string; date: Date | null; badge: RequestBadge };

export const BADGE_LABELS: Record<RequestBadge, string> = {
  attente: 'En attente',
  refuse: 'Refusée',
  valide: 'Validée',
  cloturee: 'Clôturée',
};

/** SPEC §4's words for fermee, said once under the table rather than in every row. */
export const CLOSED_LEGEND = 'il n’est plus possible de vous accréditer à cet événement.';

/**
 * The requests as the journalist reads them: the latest event first; a request still waiting when
 * its event is over is closed (nobody can be accredited to a past match); a status WordPress may
 * add one day reads as waiting, as long as the event is to come.
 */
export function requestRows(requests: Request[], now: Date): RequestRow[] {
  const today = parisDay(now);
  return requests
    .map((r, i) => {
      const date = r.date ? parseWpDate(r.date) : null;
      const over = date !== null && parisDay(date) < today;
      const status = String(r.status);
      const badge: RequestBadge =
        status === 'valide' || status === 'refuse' ? status : status === 'fermee' || over ? 'cloturee' : 'attente';
      return { key: `${r.event_id}-${i}`, title: r.title, date, badge };
    })
    .sort((a, b) => (b.date?.getTime() ?? -Infinity) - (a.date?.getTime() ?? -Infinity));
}

export function AccreditationRequests({ requests, now }: { requests: Request[]; now: Date }) {
  const rows = requestRows(requests, now);
  if (rows.length === 0) return <p>Vous n’avez pas encore demandé d’accréditation.</p>;
  return (
    <>
      <table className="accreditation-requests">
        <thead>
          <tr>
            <th scope="col">Événement</th>
            <th scope="col">Date</th>
            <th scope="col">Statut</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.badge === 'cloturee' ? 'is-closed' : undefined}>
              <th scope="row">{r.title}</th>
              <td>{r.date ? <time dateTime={parisDay(r.date)}>{formatLongDate(r.date)}</time> : null}</td>
              <td>
                <span className={`status status--${r.badge}`}>{BADGE_LABELS[r.badge]}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.some((r) => r.badge === 'cloturee') ? (
        <p className="accreditation-requests__legend">
          <span className="status status--cloturee">{BADGE_LABELS.cloturee}</span>
          {`\u202f: ${CLOSED_LEGEND}`}
        </p>
      ) : null}
    </>
  );
}

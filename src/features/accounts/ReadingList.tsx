import { Island } from '../../ui/Island';
import { formatLongDate } from '../../lib/format/date';
import { toSitePath } from '../../lib/links';
import type { SearchHit } from '../../schemas/search-hit';

const postIdOf = (hit: SearchHit) => Number(hit.objectID.replace(/^post-/, ''));

/** A press-space list of articles (favourites, visited contents); `lookup` says whether it could be read. */
export function ReadingList({
  id,
  title,
  hits,
  lookup,
  empty,
  favorites,
}: {
  id: string;
  title: string;
  hits: SearchHit[];
  lookup: 'ok' | 'failed';
  empty: string;
  /** The favourites list: each entry can be removed (and added back) where it stands, also as a form (its CSRF token). */
  favorites?: { csrfToken: string };
}) {
  return (
    <section className="reading-list" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {lookup === 'failed' ? (
        <p className="notice">Cette liste est momentanément indisponible. Merci de rafraîchir la page dans quelques instants.</p>
      ) : hits.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="reading-list__items">
          {hits.map((hit) => (
            <li key={hit.objectID} className="reading-list__item">
              <a href={toSitePath(hit.url_relative)}>{hit.title}</a>
              {hit.date ? <span className="reading-list__date">{formatLongDate(hit.date)}</span> : null}
              {favorites ? (
                <Island
                  name="FavoriteButton"
                  props={{ postId: postIdOf(hit), title: hit.title, saved: true, csrfToken: favorites.csrfToken }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

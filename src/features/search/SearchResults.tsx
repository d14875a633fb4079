import { shorten } from '../../lib/format/shorten';
import { toSitePath, type NavLink } from '../../lib/links';
import { useRenderFacts } from '../../ui/render-context';
import type { PlayerHit, SearchResult } from '../../schemas/search-hit';
import { DidYouMean } from './DidYouMean';
import { Highlight } from './highlight';
import { playerHref, PlayerPhoto } from './players';
import { defaultSort, SORTS, type SearchRequest, type Sort } from '../../schemas/search-request';
import { Pagination } from '../../ui/Pagination';
import { PostCard } from '../../ui/PostCard';
import type { Tag } from '../../schemas/tag';
import { TagIndex } from './TagIndex';
import { fr } from '../../lib/format/typography';

export function searchHref(r: Partial<SearchRequest>): string {
  const params = new URLSearchParams();
  if (r.query) params.set('query', r.query);
  if (r.tag) params.set('post_tags', r.tag);
  if (r.category) params.set('categories', r.category);
  // The address names the sort only when it is not the default of these words (defaultSort).
  if (r.sort && r.sort !== defaultSort({ query: r.query ?? '' })) params.set('sort', r.sort);
  if (r.page && r.page > 1) params.set('page', String(r.page));
  const qs = params.toString();
  return qs ? `/recherche?${qs}` : '/recherche';
}

function Filters({ request }: { request: SearchRequest }) {
  const chips = [
    request.tag && { label: fr`Mot-clé : ${shorten(request.tag, 40)}`, without: { ...request, tag: '', page: 1 } },
    request.category && { label: fr`Catégorie : ${shorten(request.category, 40)}`, without: { ...request, category: '', page: 1 } },
  ].filter((x): x is { label: string; without: SearchRequest } => !!x);
  if (!chips.length) return null;
  return (
    <ul className="search-filters">
      {chips.map((chip) => (
        <li key={chip.label}>
          <a className="chip chip--blue" href={searchHref(chip.without)} aria-label={`Retirer le filtre ${chip.label}`}>
            {chip.label} ✕
          </a>
        </li>
      ))}
    </ul>
  );
}

function SortLinks({ request }: { request: SearchRequest }) {
  return (
    <nav className="search-sort" aria-label="Trier les résultats">
      <span>{'Trier par\u00a0:'}</span>
      <ul>
        {SORTS.map((s) => (
          <li key={s.value}>
            {s.value === request.sort ? (
              <span aria-current="true">{s.label}</span>
            ) : (
              <a href={searchHref({ ...request, sort: s.value as Sort, page: 1 })}>{s.label}</a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The players who match the words, each card leading to the team page at the player's own card. */
function Players({ players }: { players: PlayerHit[] }) {
  const { imageMode } = useRenderFacts();
  const shown = players.flatMap((player) => {
    const href = playerHref(player);
    return href ? [{ player, href }] : [];
  });
  if (!shown.length) return null;
  return (
    <section className="search-players" aria-labelledby="recherche-joueurs">
      <h2 id="recherche-joueurs" className="section-title">
        Joueurs
      </h2>
      <ul className="search-players__list">
        {shown.map(({ player, href }) => (
          <li key={player.objectID} className="search-player">
            <PlayerPhoto src={player.image_thumbnail} mode={imageMode} width={64} height={80} className="search-player__photo" />
            <div className="search-player__body">
              <h3 className="search-player__name">
                <a href={href}>
                  <Highlight value={player._highlightResult.name.value || player.name} />
                </a>
              </h3>
              {player.poste_libelle ? <p className="search-player__position">{player.poste_libelle}</p> : null}
              {player.equipe ? <p className="search-player__team">{player.equipe}</p> : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** « Vouliez-vous dire « équipe » ? », a link to the same search with the corrected words. */
function Correction({ request, words }: { request: SearchRequest; words: string }) {
  return (
    <p className="search-page__correction">
      <a href={searchHref({ ...request, query: words, page: 1 })}>
        <DidYouMean words={words} />
      </a>
    </p>
  );
}

export function SearchResults({
  request,
  result,
  players,
  correction = null,
  categories,
  tags = [],
}: {
  request: SearchRequest;
  result: SearchResult | null;
  players: PlayerHit[];
  /** The words as Algolia corrected them (features/search/correction.ts), or null. */
  correction?: string | null;
  categories: NavLink[];
  tags?: Tag[];
}) {
  // French guillemets are held to their words by no-break spaces: never alone at a line's edge.
  const described = request.query ? ` pour «\u00a0${shorten(request.query)}\u00a0»` : '';
  return (
    <div className="container search-page">
      <h1>Rechercher</h1>
      <form className="search-page__form" action="/recherche" method="get" role="search" aria-label="Recherche dans la salle de presse">
        <label htmlFor="search-page-query">{'Que recherchez-vous\u00a0?'}</label>
        <div className="search-page__row">
          <input
            id="search-page-query"
            type="search"
            name="query"
            defaultValue={request.query}
            placeholder={'Que recherchez-vous\u00a0?'}
            maxLength={500}
          />
          {request.tag ? <input type="hidden" name="post_tags" value={request.tag} /> : null}
          {request.category ? <input type="hidden" name="categories" value={request.category} /> : null}
          {/* A sort the reader chose stays with new words; the default follows them (defaultSort). */}
          {request.sort !== defaultSort(request) ? <input type="hidden" name="sort" value={request.sort} /> : null}
          <button className="button" type="submit">
            Rechercher
          </button>
        </div>
      </form>
      <Filters request={request} />
      {result !== null && result.nbHits > 0 && correction ? <Correction request={request} words={correction} /> : null}
      {result !== null ? <Players players={players} /> : null}
      {result === null ? (
        <p className="notice">La recherche est momentanément indisponible. Merci de réessayer dans quelques instants.</p>
      ) : result.nbHits === 0 ? (
        <div className="search-empty">
          <p>
            {/* Players found: the words were right, only no article holds them. */}
            {players.length ? (
              <strong>{`Aucun article pour «\u00a0${shorten(request.query)}\u00a0».`}</strong>
            ) : correction ? (
              <strong>Aucun résultat{described}.</strong>
            ) : (
              <>
                <strong>Aucun résultat{described}.</strong> Vérifiez l’orthographe, essayez un mot plus général ou retirez un filtre.
              </>
            )}
          </p>
          {/* Nothing found, but the words corrected would find something (search.page.tsx). */}
          {correction ? <Correction request={request} words={correction} /> : null}
          {categories.length ? (
            <>
              <p>{'Vous pouvez aussi parcourir les rubriques\u00a0:'}</p>
              <ul className="subcategories-list">
                {categories.slice(0, 8).map((c) => (
                  <li key={c.id}>
                    <a className="chip" href={c.href}>
                      {c.label}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : (
        <>
          <div className="search-page__bar">
            <p className="search-page__count" role="status">
              {result.nbHits === 1 ? '1 résultat' : `${result.nbHits.toLocaleString('fr-FR')} résultats`}
              {described}
            </p>
            <SortLinks request={request} />
          </div>
          <div className="card-grid" id="resultats" data-post-list="">
            {result.hits.map((hit) => (
              <PostCard
                key={hit.objectID}
                searchMode
                level={2}
                title={<Highlight value={hit._highlightResult.title.value || hit.title} />}
                post={{
                  id: 0,
                  title: hit.title,
                  slug: '',
                  link: toSitePath(hit.url_relative),
                  date: hit.date,
                  background_image: hit.image_thumbnail,
                  tag_list: [],
                  label: null,
                  category: null,
                }}
              />
            ))}
          </div>
          <Pagination page={request.page} totalPages={Math.min(result.nbPages, 100)} hrefFor={(n) => searchHref({ ...request, page: n })} />
        </>
      )}
      <TagIndex tags={tags} />
    </div>
  );
}

import { useEffect } from 'react';
import { formatDate } from '../../lib/format/date';
import { DidYouMean } from './DidYouMean';
import { Highlight } from './highlight';
import type { LiveHit, LivePlayer } from './live-client';
import { PlayerPhoto, playerRole } from './players';
import { cleanQuery } from '../../schemas/search-request';
import type { SearchBoxProps } from './SearchBox.island';

const NBSP = '\u00a0';

export type SearchPanelProps = {
  id: string;
  listId: string;
  query: string;
  hits: LiveHit[] | null;
  /** The words as Algolia corrected them to find these hits (correction.ts) and their search, or null. */
  correction: { words: string; href: string } | null;
  total: number;
  shownPlayers: LivePlayer[];
  featured: SearchBoxProps['stories'];
  latest: LiveHit[];
  resultsHref: string;
  /** The option's attributes (id, role, aria-selected): the box keeps the highlight. */
  highlight: (optionId: string) => { id: string; role: string; 'aria-selected': boolean; tabIndex: number };
  /** Called once the panel's lists are in the page. */
  onShown: () => void;
};

/**
 * What the open search panel lists: « Vouliez-vous dire », the players, the hits, « Recherches du
 * moment », the latest news. The players a name matches come first, above the articles, at every
 * width: on a phone they were a screen and a half down, under ten hits. Its own chunk, fetched when
 * the panel first opens (SearchBox.island.tsx): every page hydrates the box, few readers open it.
 */
export default function SearchPanel({
  id,
  listId,
  query,
  hits,
  correction,
  total,
  shownPlayers,
  featured,
  latest,
  resultsHref,
  highlight,
  onShown,
}: SearchPanelProps) {
  useEffect(onShown, []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      {hits !== null ? (
        <div className="search-panel__results">
          {correction ? (
            // A listbox of one: the arrows reach it like every other link of the panel. Laid out as
            // a row of the panel's lists (search-panel__latest's rules), whose padding holds the
            // highlight's bar.
            <ul
              id={`${id}-correction`}
              role="listbox"
              aria-label="Correction proposée"
              className="search-panel__correction search-panel__latest"
            >
              <li role="none">
                <a href={correction.href} {...highlight(`${id}-correction-0`)}>
                  {/* One child: the row's flex layout would spread the sentence's parts apart. */}
                  <span>
                    <DidYouMean words={correction.words} />
                  </span>
                </a>
              </li>
            </ul>
          ) : null}
          {shownPlayers.length ? (
            <section aria-labelledby={`${id}-players-title`} className="search-panel__players">
              <h2 id={`${id}-players-title`} className="search-panel__heading">
                Joueurs
              </h2>
              <ul id={`${id}-players`} role="listbox" aria-labelledby={`${id}-players-title`}>
                {shownPlayers.map((player, i) => (
                  <li key={player.objectID} role="none">
                    <a href={player.url} {...highlight(`${id}-players-${i}`)}>
                      <PlayerPhoto src={player.image} mode="plain" width={40} height={50} className="search-panel__photo" />
                      <span className="search-panel__player">
                        <span className="search-panel__name">
                          <Highlight value={player.highlighted} />
                        </span>
                        <span className="search-panel__role">{playerRole(player.position, player.team)}</span>
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-label="Articles" className="search-panel__articles">
            {hits.length ? (
              <>
                <ul id={listId} role="listbox" aria-label="Suggestions" className="search-panel__hits">
                  {hits.map((hit, i) => (
                    // The link is the option itself: an option may not hold an interactive element.
                    <li key={hit.objectID} role="none">
                      <a href={hit.url} {...highlight(`${listId}-${i}`)}>
                        <span className="search-panel__title">
                          <Highlight value={hit.highlighted} />
                        </span>
                        {hit.date ? <span className="search-panel__date">{formatDate(hit.date)}</span> : null}
                      </a>
                    </li>
                  ))}
                </ul>
                <p className="search-panel__all">
                  <a href={resultsHref}>{total > 1 ? `Voir les ${total.toLocaleString('fr-FR')} résultats` : 'Voir le résultat'}</a>
                </p>
              </>
            ) : (
              <p className="search-panel__empty">
                {shownPlayers.length ? 'Aucun article' : 'Aucun résultat'} pour «{NBSP}
                {cleanQuery(query)}
                {NBSP}».
              </p>
            )}
          </section>
        </div>
      ) : featured.length ? (
        <section aria-labelledby={`${id}-stories-title`}>
          <h2 id={`${id}-stories-title`} className="search-panel__heading">
            Recherches du moment
          </h2>
          <ul id={`${id}-stories`} role="listbox" aria-labelledby={`${id}-stories-title`} className="search-panel__stories">
            {featured.map((story, i) => (
              <li key={story.id} role="none" data-story-id={story.id}>
                <a href={story.url} {...highlight(`${id}-stories-${i}`)}>
                  {story.image ? <img src={story.image} alt="" width={96} height={128} loading="lazy" /> : null}
                  <span>{story.title}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {latest.length ? (
        <section aria-labelledby={`${id}-latest-title`}>
          <h2 id={`${id}-latest-title`} className="search-panel__heading">
            Dernières actualités
          </h2>
          <ul id={`${id}-latest`} role="listbox" aria-labelledby={`${id}-latest-title`} className="search-panel__latest">
            {latest.map((post, i) => (
              <li key={post.objectID} role="none">
                <a href={post.url} {...highlight(`${id}-latest-${i}`)}>
                  {post.title}
                  {post.date ? <span className="search-panel__date">{formatDate(post.date)}</span> : null}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

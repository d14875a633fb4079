import { formatDate, isoInstant } from '../../lib/format/date';
import { responsiveImage } from '../../lib/images';
import { toSitePath } from '../../lib/links';
import { useRenderFacts } from '../../ui/render-context';
import type { Page } from '../../schemas/page';
import { filterAlbums, filterHref, type ActiveFilters } from './albums';
import { countLabel } from './squad';

/** Photo albums by season, with the page's album filters as links (albums.ts). */
export function TeamAlbums({
  page,
  path,
  filters,
}: {
  page: Page;
  path: string;
  filters: { offered: Page['albums_filtres']; active: ActiveFilters };
}) {
  const { imageMode, placeholder } = useRenderFacts();
  if (page.albums_saisons.every((s) => s.albums.length === 0)) return null;
  const seasons = filterAlbums(page.albums_saisons, filters.active);
  return (
    <section className="team-section team-albums" aria-labelledby="albums-titre" id="albums">
      <h2 className="section-title" id="albums-titre">
        Albums photo
      </h2>
      {filters.offered.map((f) => {
        const current = filters.active[f.cle];
        return (
          <nav key={f.cle} className="album-filter" aria-label={`Filtrer les albums par ${(f.libelle || f.cle).toLowerCase()}`}>
            <span className="album-filter__label" aria-hidden="true">
              {f.libelle || f.cle}
            </span>
            <ul>
              <li>
                <a href={filterHref(path, filters.active, f.cle, null)} aria-current={current ? undefined : 'true'}>
                  Toutes
                </a>
              </li>
              {f.options.map((o) => (
                <li key={o.valeur}>
                  <a href={filterHref(path, filters.active, f.cle, o.valeur)} aria-current={current === o.valeur ? 'true' : undefined}>
                    {o.libelle || o.valeur}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        );
      })}
      {seasons.length === 0 ? (
        <p className="notice">
          Aucun album ne correspond à ces filtres. <a href={filterHref(path, {}, '', null)}>Voir tous les albums</a>
        </p>
      ) : (
        seasons.map((season) => (
          <section key={season.saison} className="team-albums__season" aria-labelledby={`albums-${season.saison}`}>
            <h3 id={`albums-${season.saison}`}>Saison {season.saison}</h3>
            <ul className="album-grid">
              {season.albums.map((album) => {
                const cover = responsiveImage(album.couverture || placeholder, imageMode, 400);
                // Albums live on the federation's Flickr: a web address stays one, anything else is read as a site path.
                const external = /^https?:\/\//i.test(album.lien);
                const href = external ? album.lien : toSitePath(album.lien);
                return (
                  <li key={album.id} className="album">
                    {cover.src ? (
                      <img
                        src={cover.src}
                        srcSet={cover.srcSet}
                        sizes={cover.srcSet ? '(min-width: 1000px) 25vw, 100vw' : undefined}
                        alt=""
                        loading="lazy"
                        decoding="async"
                        width={640}
                        height={360}
                      />
                    ) : null}
                    <div className="album__body">
                      <h4 className="album__title">
                        {album.lien ? (
                          <a href={href} {...(external ? { target: '_blank', rel: 'noopener' } : {})}>
                            {album.titre}
                          </a>
                        ) : (
                          album.titre
                        )}
                      </h4>
                      <p className="album__meta">
                        {album.date ? <time dateTime={isoInstant(album.date)}>{formatDate(album.date)}</time> : null}
                        {album.date && album.photos > 0 ? ' · ' : null}
                        {album.photos > 0 ? countLabel(album.photos, ['photo', 'photos']) : null}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}

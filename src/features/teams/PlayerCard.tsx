import { responsiveImage } from '../../lib/images';
import { useRenderFacts } from '../../ui/render-context';
import type { Player } from '../../schemas/page';
import { countLabel, fullName } from './squad';
import type { TeamTemplate } from './templates';

/** One player of the squad; `id="joueur-{slug}"` is where the players' search results point. */
/** `showPosition`: when the squad is not grouped by position, the card names it. */
export function PlayerCard({ player, caps, showPosition }: { player: Player; caps: TeamTemplate['caps']; showPosition: boolean }) {
  const { imageMode, placeholder } = useRenderFacts();
  const name = fullName(player) || player.slug;
  const photo = responsiveImage(player.photo, imageMode, 76);
  const image = photo.src ? photo : responsiveImage(placeholder, imageMode, 76);
  return (
    <li className="player" id={`joueur-${player.slug}`}>
      {image.src ? (
        <img
          className={photo.src ? 'player__photo' : 'player__photo player__photo--placeholder'}
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.srcSet ? '76px' : undefined}
          alt={photo.src ? `Portrait de ${name}` : ''}
          loading="lazy"
          decoding="async"
          width={76}
          height={95}
        />
      ) : null}
      <div className="player__body">
        <h4 className="player__name">
          {name}
          {player.capitaine ? <span className="player__captain">Capitaine</span> : null}
        </h4>
        {showPosition && player.poste_libelle ? <p className="player__position">{player.poste_libelle}</p> : null}
        {player.club ? <p className="player__club">{player.club}</p> : null}
        <p className="player__caps">{countLabel(player.selections, caps)}</p>
      </div>
    </li>
  );
}

import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { favoriteIds, withFavorite } from './reading-list';
import { isJournalist, profileAtom, updateProfileAtom } from './state';
import { showSnackbarAtom } from '../../state/ui';

/**
 * `saved` is what the server already knows (the press space); on cached pages it is unknown.
 * `csrfToken`: in the press space the button is also a form (POST /espace-presse), which works
 * before the island is live or without JavaScript.
 */
export type FavoriteButtonProps = { postId: number; title: string; saved?: boolean; csrfToken?: string };

/**
 * Add or remove an article from the journalist's favourites (SPEC §2 /espace-presse). Articles are
 * cached pages shared by everyone, so the button only appears once the profile says "journalist".
 */
export default function FavoriteButton({ postId, title, saved, csrfToken }: FavoriteButtonProps) {
  const profile = useAtomValue(profileAtom);
  const save = useSetAtom(updateProfileAtom);
  const snack = useSetAtom(showSnackbarAtom);
  const [pending, setPending] = useState<boolean | null>(null);

  const loaded = profile.status === 'success';
  if (loaded ? !isJournalist(profile) : saved === undefined) return null;
  const ids = loaded ? favoriteIds(profile.data) : null;
  const on = pending ?? (ids ? ids.includes(postId) : !!saved);

  const toggle = async () => {
    const next = !on;
    setPending(next);
    // Read the list at click time: another island may have changed the profile meanwhile.
    const outcome = await save({
      action: 'favoris',
      value: withFavorite(ids ?? [], postId, next),
      confirmation: next ? 'Article ajouté à vos favoris.' : 'Article retiré de vos favoris.',
    });
    if (!outcome.ok) snack('Nous avons rencontré un problème lors de la mise à jour de vos favoris.');
    setPending(null);
  };

  const button = (
    <button
      type={csrfToken ? 'submit' : 'button'}
      className={on ? 'favorite-button is-on' : 'favorite-button'}
      aria-pressed={on}
      aria-label={`${on ? 'Retirer des favoris' : 'Ajouter aux favoris'}\u202f: ${title}`}
      disabled={pending !== null}
      onClick={csrfToken ? undefined : toggle}
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span>{' '}
      <span className="favorite-button__label">{on ? 'Retirer des favoris' : 'Ajouter aux favoris'}</span>
    </button>
  );
  if (!csrfToken) return button;
  return (
    <form
      method="post"
      action="/espace-presse"
      className="favorite-form"
      onSubmit={(e) => {
        e.preventDefault();
        void toggle();
      }}
    >
      <input type="hidden" name="action" value="retirer-favori" />
      <input type="hidden" name="id" value={postId} />
      <input type="hidden" name="csrfToken" value={csrfToken} />
      {button}
    </form>
  );
}

import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { newsroomFlagsAtom, updateProfileAtom } from './state';
import { getMedias, newsroomAction } from './api';
import { JOB_TITLES } from './job-titles';
import { RequiredLegend, RequiredMark } from '../../ui/required';
import { displayText, fr } from '../../lib/format/typography';

// The contents of the two journalist-status modals (SPEC §4, §8).

type Phase = 'idle' | 'sending' | 'done' | 'failure';

export function CheckStatus({ onClose }: { onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>('idle');
  const setFlags = useSetAtom(newsroomFlagsAtom);
  const request = async () => {
    setPhase('sending');
    try {
      setFlags(await newsroomAction('journalist_status_request', true));
      setPhase('done');
    } catch {
      setPhase('failure');
    }
  };
  if (phase === 'done')
    return (
      <p role="status">Votre demande a bien été transmise. Le service de presse reviendra vers vous après vérification de votre statut.</p>
    );
  return (
    <div className="modal__body">
      <p>{fr`L’espace presse et les demandes d’accréditation sont réservés aux journalistes. Si vous l’êtes, demandez l’accès : le service de presse vérifiera votre statut.`}</p>
      {phase === 'failure' ? (
        <p className="notice notice--error" role="alert">
          Nous avons rencontré un problème lors de l’envoi de votre message
        </p>
      ) : null}
      <p className="modal__actions">
        <button type="button" className="button" onClick={request} disabled={phase === 'sending'}>
          {phase === 'sending' ? 'Envoi…' : 'Je suis journaliste'}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Je ne suis pas journaliste
        </button>
      </p>
    </div>
  );
}

export function MoreInfo() {
  const [phase, setPhase] = useState<Phase>('idle');
  const [medias, setMedias] = useState<Array<{ id: number; nom: string }>>([]);
  const [mediaId, setMediaId] = useState('');
  const setFlags = useSetAtom(newsroomFlagsAtom);
  const save = useSetAtom(updateProfileAtom);
  useEffect(() => {
    getMedias().then(setMedias, () => setMedias([]));
  }, []);

  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    // The site's own French messages, not the browser's (noValidate): each on its field.
    const missing: Record<string, string> = {};
    if (!String(data.get('fonction') ?? '')) missing.fonction = 'Choisissez votre fonction.';
    if (mediaId === '' && !String(data.get('media_temporaire') ?? '').trim()) missing.media_temporaire = 'Indiquez le nom de votre média.';
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      form.querySelector<HTMLElement>(`[name="${Object.keys(missing)[0]}"]`)?.focus();
      return;
    }
    setPhase('sending');
    try {
      const media = medias.find((m) => String(m.id) === mediaId);
      // Through the shared profile update (SPEC §4, §8): its status and error code are the profile's.
      const saved = await save({
        action: 'profil',
        value: {
          journaliste_fonction: String(data.get('fonction') ?? ''),
          journaliste_carte_presse: String(data.get('carte') ?? ''),
          journaliste_media_temporaire: media ? '' : String(data.get('media_temporaire') ?? ''),
        },
      });
      if (!saved.ok || (media && !(await save({ action: 'journaliste_media', value: media })).ok)) {
        setPhase('failure');
        return;
      }
      setFlags(await newsroomAction('journalist_updated_profile', true));
      setPhase('done');
    } catch {
      setPhase('failure');
    }
  };

  if (phase === 'done') {
    return (
      <div className="modal__body" role="status">
        <h3>{fr`Merci pour ces informations !`}</h3>
        <p>Le service de presse va vérifier et valider votre profil de journaliste. Vous serez prévenu par e-mail.</p>
        <p>
          <a className="button" href="/">
            Découvrir la salle de presse
          </a>
        </p>
      </div>
    );
  }
  return (
    <form className="modal__body form" onSubmit={submit} noValidate>
      <p>Pour valider votre statut de journaliste, le service de presse a besoin de quelques informations.</p>
      <RequiredLegend />
      {phase === 'failure' ? (
        <p className="notice notice--error" role="alert">
          Nous avons rencontré un problème lors de la mise à jour de votre profil.
        </p>
      ) : null}
      <label>
        <span>
          Fonction
          <RequiredMark />
        </span>
        <select
          name="fonction"
          required
          defaultValue=""
          aria-invalid={errors.fonction ? true : undefined}
          aria-describedby={errors.fonction ? 'infos-fonction-erreur' : undefined}
        >
          <option value="" disabled>
            Choisissez votre fonction
          </option>
          {JOB_TITLES.map((t) => (
            <option key={t} value={t}>
              {displayText(t)}
            </option>
          ))}
        </select>
        {errors.fonction ? (
          <span className="form__error" id="infos-fonction-erreur">
            {errors.fonction}
          </span>
        ) : null}
      </label>
      <label>
        Numéro de carte de presse
        <input name="carte" inputMode="numeric" autoComplete="off" />
      </label>
      <label>
        Média
        <select name="media" value={mediaId} onChange={(e) => setMediaId(e.target.value)}>
          <option value="">Autre média (à préciser)</option>
          {medias.map((m) => (
            <option key={m.id} value={m.id}>
              {m.nom}
            </option>
          ))}
        </select>
      </label>
      {mediaId === '' ? (
        <label>
          <span>
            Nom du média
            <RequiredMark />
          </span>
          <input
            name="media_temporaire"
            required
            aria-invalid={errors.media_temporaire ? true : undefined}
            aria-describedby={errors.media_temporaire ? 'infos-media-erreur' : undefined}
          />
          {errors.media_temporaire ? (
            <span className="form__error" id="infos-media-erreur">
              {errors.media_temporaire}
            </span>
          ) : null}
        </label>
      ) : null}
      <button className="button" type="submit" disabled={phase === 'sending'}>
        {phase === 'sending' ? 'Envoi…' : 'Envoyer'}
      </button>
    </form>
  );
}

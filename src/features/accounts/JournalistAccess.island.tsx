import { useSetAtom } from 'jotai';
import { openModalAtom } from '../shell/ui-state';

export type JournalistAccessProps = {
  /** The profile's journaliste status (SPEC §3): what the reader can do about it. */
  status: string;
};

/**
 * In the press space, for a reader who is not (yet) a journalist: the way forward, whether or not
 * the status window was closed earlier in the session. A pending journalist completes the
 * information the press office asked for; anyone without a status asks for it.
 */
export default function JournalistAccess({ status }: JournalistAccessProps) {
  const openModal = useSetAtom(openModalAtom);
  if (status === 'en_attente_infos') {
    return (
      <p>
        <button type="button" className="button" onClick={() => openModal({ kind: 'JOURNALIST_MORE_INFO' })}>
          Compléter mon profil de journaliste
        </button>
      </p>
    );
  }
  if (status === '' || status === 'non') {
    return (
      <p>
        <button type="button" className="button" onClick={() => openModal({ kind: 'JOURNALIST_CHECK_STATUS' })}>
          Demander le statut de journaliste
        </button>
      </p>
    );
  }
  return null;
}

import { useAtomValue, useSetAtom } from 'jotai';
import { openModalAtom } from '../../state/ui';
import { ACTION_LABELS, STANDINGS, standingOf, type JournalistStanding } from './journalist-standing';
import { profileAtom } from './state';

export type JournalistAccessProps = {
  /** Where the reader stood when the page was written (journalist-standing.ts). */
  standing: JournalistStanding;
  /** Said before the standing's notice, which this island then shows too (the press space); without it, the action alone. */
  lead?: string;
};

/**
 * The way forward of a reader who is not (yet) a journalist, in the press space and above the
 * accreditation form, whether or not the status window was closed earlier in the session: complete
 * the information the press office asked for, ask for the status, or write to the press office.
 * Once the profile in the page says more (a request just sent from the window), it follows: the
 * page never offers to send again what is on its way.
 */
export default function JournalistAccess({ standing: written, lead }: JournalistAccessProps) {
  const openModal = useSetAtom(openModalAtom);
  const profile = useAtomValue(profileAtom);
  const standing = profile.data ? standingOf(profile.data) : written;
  const { notice, action } = STANDINGS[standing];
  const button =
    action === 'write-press-office' ? (
      <a className="button button--ghost" href="/contact">
        {ACTION_LABELS[action]}
      </a>
    ) : action ? (
      <button
        type="button"
        className="button"
        onClick={() => openModal({ kind: action === 'complete-profile' ? 'JOURNALIST_MORE_INFO' : 'JOURNALIST_CHECK_STATUS' })}
      >
        {ACTION_LABELS[action]}
      </button>
    ) : null;
  if (lead === undefined) return button;
  return (
    <div className="journalist-access">
      <p className="notice" role="status">
        {notice ? `${lead} ${notice}` : lead}
      </p>
      {button ? <p>{button}</p> : null}
    </div>
  );
}

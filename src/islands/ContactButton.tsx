import { useSetAtom } from 'jotai';
import { openModalAtom } from '../state/ui';

export type ContactButtonProps = { variant: 'floating' | 'link' };

/** 'Contactez-nous': the chat-style floating button and the footer link open the same modal. */
export default function ContactButton({ variant }: ContactButtonProps) {
  const open = useSetAtom(openModalAtom);
  const onClick = (e: React.MouseEvent) => {
    e.preventDefault();
    open({ kind: 'CONTACT' });
  };
  if (variant === 'link') {
    return (
      <a href="/contact#contactez-nous" onClick={onClick} data-track="action" data-track-category="footer">
        Contactez-nous
      </a>
    );
  }
  // Its own landmark: the floating button sits after the footer, outside every other one.
  return (
    <aside aria-label="Contact presse">
      <a className="contact-fab" href="/contact#contactez-nous" onClick={onClick} data-track="action" data-track-category="contact">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path d="M4 4h16v11H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        <span>Contactez-nous</span>
      </a>
    </aside>
  );
}

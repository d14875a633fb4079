import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { signOut } from './api';
import { SIGN_IN_PATH, signInPath } from '../../auth/callback-url';
import { useLive } from '../../ui/use-live';
import { isJournalist, profileAtom, sessionAtom } from './state';

export type UserMenuProps = {
  loginUrl: string;
  logoutUrl: string;
  personalSpaceUrl: string;
  dashboardUrl: string;
  variant: 'topbar' | 'footer';
};

/** Where « Se déconnecter » goes without the island: the site's own page, which asks and signs out (sign-out.page.tsx). */
export const SIGN_OUT_PATH = '/deconnexion';

/**
 * The login slot of the top bar and the footer's « Se connecter / Se déconnecter » (SPEC §6).
 * Until the session is known (in the server's HTML, without JavaScript), both ways are written
 * and the page's `<html data-session>` (set by the worker for a request with a session) shows
 * the right one: no « Connexion » flashing for a signed-in reader, nor left to one without script.
 */
export default function UserMenu(props: UserMenuProps) {
  const { loginUrl, logoutUrl, personalSpaceUrl, dashboardUrl, variant } = props;
  const live = useLive();
  const session = useAtomValue(sessionAtom);
  const profile = useAtomValue(profileAtom);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // A disclosure: Escape closes it and gives focus back to its button.
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)) setOpen(false);
      if (e instanceof KeyboardEvent && e.key === 'Escape' && root.current?.contains(document.activeElement))
        root.current.querySelector<HTMLElement>('.user-menu__toggle')?.focus();
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const logout = (e: React.MouseEvent) => {
    if (logoutUrl) return; // the federation's own logout page
    e.preventDefault();
    void signOut('/', SIGN_OUT_PATH);
  };

  if (!live || session.status === 'loading') return <StaticUserMenu {...props} />;

  if (session.status !== 'authenticated') {
    // The server's link names the page's path; once live, the exact address (query, « Voir plus » page).
    const backHere = (e: React.MouseEvent<HTMLAnchorElement>) => {
      if (loginUrl.startsWith(SIGN_IN_PATH)) e.currentTarget.href = signInPath(window.location.pathname + window.location.search);
    };
    return variant === 'footer' ? (
      <a href={loginUrl} onClick={backHere}>
        Se connecter
      </a>
    ) : (
      <a className="topbar__login" href={loginUrl} onClick={backHere}>
        Connexion<span className="topbar__login-more"> / inscription</span>
      </a>
    );
  }

  const logoutHref = logoutUrl || SIGN_OUT_PATH;
  if (variant === 'footer') {
    return (
      <a href={logoutHref} onClick={logout}>
        Se déconnecter
      </a>
    );
  }

  const { user } = session.data;
  const name =
    [profile.data?.first_name || user.firstName, profile.data?.last_name || user.lastName].filter(Boolean).join(' ') ||
    user.name ||
    user.email;
  const logo = typeof profile.data?.logo === 'string' && /^https?:\/\//.test(profile.data.logo) ? profile.data.logo : '';
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu__toggle"
        aria-expanded={open}
        aria-controls="menu-utilisateur"
        onClick={() => setOpen((o) => !o)}
      >
        {logo ? (
          <img className="user-menu__avatar" src={logo} alt="" width={24} height={24} />
        ) : (
          <span className="user-menu__avatar user-menu__avatar--initials" aria-hidden="true">
            {initials}
          </span>
        )}
        <span className="user-menu__name">{name}</span>
      </button>
      {open ? (
        <ul className="user-menu__list" id="menu-utilisateur">
          <AccountLinks
            pressSpace={isJournalist(profile)}
            personalSpaceUrl={personalSpaceUrl}
            dashboardUrl={dashboardUrl}
            logoutHref={logoutHref}
            onLogout={logout}
          />
        </ul>
      ) : null}
    </div>
  );
}

/** The account menu's entries, the same with and without JavaScript (the press space only for journalists once the profile is known). */
function AccountLinks(props: {
  pressSpace: boolean;
  personalSpaceUrl: string;
  dashboardUrl: string;
  logoutHref: string;
  onLogout?: (event: React.MouseEvent) => void;
}) {
  return (
    <>
      {props.pressSpace ? (
        <li>
          <a href="/espace-presse">Espace presse</a>
        </li>
      ) : null}
      <li>
        <a href={props.personalSpaceUrl} target="_blank" rel="noopener">
          Mon espace personnel FFR
        </a>
      </li>
      <li>
        <a href={props.dashboardUrl} target="_blank" rel="noopener">
          Tableau de bord
        </a>
      </li>
      <li>
        <a href={props.logoutHref} onClick={props.onLogout}>
          Se déconnecter
        </a>
      </li>
    </>
  );
}

/** Both ways at once, for the CSS to choose (`.when-signed-in`, `.when-signed-out`); the menu opens as the page's `:target`. */
function StaticUserMenu({ loginUrl, logoutUrl, personalSpaceUrl, dashboardUrl, variant }: UserMenuProps) {
  const logoutHref = logoutUrl || SIGN_OUT_PATH;
  if (variant === 'footer') {
    return (
      <>
        <a className="when-signed-out" href={loginUrl}>
          Se connecter
        </a>
        <a className="when-signed-in" href={logoutHref}>
          Se déconnecter
        </a>
      </>
    );
  }
  return (
    <>
      <a className="topbar__login when-signed-out" href={loginUrl}>
        Connexion<span className="topbar__login-more"> / inscription</span>
      </a>
      <div className="user-menu when-signed-in">
        <a className="user-menu__toggle" href="#menu-compte">
          Mon compte
        </a>
        <ul className="user-menu__list" id="menu-compte" hidden>
          <AccountLinks pressSpace personalSpaceUrl={personalSpaceUrl} dashboardUrl={dashboardUrl} logoutHref={logoutHref} />
        </ul>
      </div>
    </>
  );
}

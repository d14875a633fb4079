// The tag manager's data layer (SPEC §7 Tracking). Events are pushed whatever the consent: the
// array stays in the page; only the tag-manager script, loaded after consent, sends anything.

import type { PageContext } from '../../render/page';

export type { PageContext };

export type DataLayerEvent =
  | ({ event: 'content-loaded'; userId: string; loginStatus: 'connecte' | 'non-connecte' } & PageContext)
  | { event: 'click.action' | 'click.navigation'; click_category: string; click_name: string };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function push(event: DataLayerEvent): void {
  (window.dataLayer ??= []).push(event);
}

/** Delegated click tracking: any element with data-track="action|navigation". */
export function trackClicks(root: Document = document): () => void {
  const onClick = (e: MouseEvent) => {
    const el = (e.target as Element | null)?.closest?.<HTMLElement>('[data-track]');
    if (!el) return;
    const kind = el.dataset.track === 'action' ? 'click.action' : 'click.navigation';
    push({
      event: kind,
      click_category: el.dataset.trackCategory ?? '',
      click_name: (el.dataset.trackName ?? el.textContent ?? '').trim().slice(0, 100),
    });
  };
  root.addEventListener('click', onClick, { capture: true });
  return () => root.removeEventListener('click', onClick, { capture: true });
}

export type Consent = { audience: boolean; decidedAt: string };
export const CONSENT_KEY = 'ffr-consent';

export function readConsent(): Consent | null {
  try {
    const raw = localStorage.getItem(CONSENT_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<Consent>) : null;
    return parsed && typeof parsed.audience === 'boolean' ? { audience: parsed.audience, decidedAt: String(parsed.decidedAt ?? '') } : null;
  } catch {
    return null;
  }
}

export function saveConsent(audience: boolean): Consent {
  const consent = { audience, decidedAt: new Date().toISOString() };
  try {
    localStorage.setItem(CONSENT_KEY, JSON.stringify(consent));
  } catch {}
  return consent;
}

export function loadTagManager(containerId: string): void {
  if (document.getElementById('gtm-script')) return;
  push({ 'gtm.start': Date.now(), event: 'gtm.js' } as never);
  const s = document.createElement('script');
  s.id = 'gtm-script';
  s.async = true;
  s.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  document.head.appendChild(s);
}

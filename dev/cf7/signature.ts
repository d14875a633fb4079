import { createHmac, timingSafeEqual } from 'node:crypto';

// The federation plugin's guard on the six accreditation forms
// (wordpress/ffr-presse-purge/includes/class-accreditation-guard.php), written again here from its
// description rather than shared with the worker, so that the two are checked against each other:
// a post without the site's signature over the form, the identity fields and a time is refused
// with 403 before Contact Form 7 reads it, and sends no mail.

const IDENTITY_FIELDS = ['nom', 'prenom', 'email', 'media', 'carte-presse'];
/** Either side of WordPress's own clock, which is the real time, not the emulator's content clock. */
const WINDOW_SECONDS = 300;

/** The plugin's refusal, as the French WordPress answers it (its fr_FR translation). */
export const UNSIGNED = {
  code: 'ffr_presse_unsigned_accreditation',
  message:
    'Cette demande d’accréditation n’a pas été envoyée par le site presse de la FFR. Connectez-vous à votre compte FFR sur le site presse pour l’envoyer.',
};

/** Whether a post to this accreditation form carries the site's valid signature. */
export function signedBySite(secret: string, slug: string, body: FormData | null, nowMs = Date.now()): boolean {
  const text = (name: string) => {
    const v = body?.get(name);
    return typeof v === 'string' ? v : '';
  };
  const signedAt = text('_ffr_signed_at');
  const signature = text('_ffr_signature');
  if (!/^\d{1,12}$/.test(signedAt) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
  if (Math.abs(Math.floor(nowMs / 1000) - Number(signedAt)) > WINDOW_SECONDS) return false;
  const message = `ffr-presse:accreditation:${slug}:${signedAt}${IDENTITY_FIELDS.map((name) => `\n${text(name)}`).join('')}`;
  const expected = createHmac('sha256', secret).update(message).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'base64url'));
}

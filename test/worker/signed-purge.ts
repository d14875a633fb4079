import { env } from 'cloudflare:workers';
import { site } from './helpers';

// A purge or an account notice as the WordPress plugin sends it (class-sender.php), from inside
// workerd: the body with a nonce of its own (the site takes a signature once), HMAC-SHA256 of
// `timestamp.body` under PURGE_SECRET, base64.

export type SignedHook = { body: string; signature: string; timestamp: string };

export async function sign(body: Record<string, unknown>): Promise<SignedHook> {
  const text = JSON.stringify({ ...body, nonce: crypto.randomUUID() });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(env.PURGE_SECRET!), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${text}`)));
  return { body: text, signature: btoa(String.fromCharCode(...mac)), timestamp };
}

export const signedPurge = (hook: SignedHook) =>
  site('/api/purge', {
    method: 'POST',
    body: hook.body,
    headers: { 'content-type': 'application/json', 'x-ffr-signature': hook.signature, 'x-ffr-timestamp': hook.timestamp },
  });

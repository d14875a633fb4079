import { createHmac, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseDevVars, root } from '../../scripts/lib/stack.mjs';

/**
 * A purge as the WordPress plugin sends it: the body with a nonce of its own (the site takes a
 * signature once), signed with the PURGE_SECRET of .dev.vars, posted to the site.
 */
export async function sendPurge(site: string, body: Record<string, unknown>): Promise<Response> {
  const { PURGE_SECRET } = parseDevVars(await readFile(`${root}.dev.vars`, 'utf8'));
  const sent = JSON.stringify({ ...body, nonce: randomUUID() });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', PURGE_SECRET!).update(`${timestamp}.${sent}`).digest('base64');
  return fetch(`${site}/api/purge`, {
    method: 'POST',
    body: sent,
    headers: { 'content-type': 'application/json', 'x-ffr-signature': signature, 'x-ffr-timestamp': timestamp },
  });
}

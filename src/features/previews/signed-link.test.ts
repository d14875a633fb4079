import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkPreviewLink, MAX_LINK_LIFETIME_SECONDS, signPreviewLink } from './signed-link';

const SECRET = 'local-preview-secret-0123456789abcdef0123';
const NOW = 1_795_334_400;
// As the plugin computes it: hash_hmac( 'sha256', $message, $secret, true ), base64url without padding.
const php = (purpose: string, id: number, exp: number, secret = SECRET) =>
  createHmac('sha256', secret).update(`ffr-presse:${purpose}:${id}:${exp}`).digest('base64url');

describe('signed preview links', () => {
  it('signs as the WordPress plugin does, and accepts the plugin’s links until they end', async () => {
    expect(await signPreviewLink(SECRET, 'embargo', 40_123, NOW + 3600)).toBe(php('embargo', 40_123, NOW + 3600));
    const link = { id: 40_123, exp: String(NOW + 3600), sig: php('apercu', 40_123, NOW + 3600) };
    expect(await checkPreviewLink(SECRET, 'apercu', link, NOW)).toBe('valid');
    expect(await checkPreviewLink(SECRET, 'apercu', link, NOW + 3600)).toBe('expired');
  });

  it('refuses another post, another purpose, another secret, a changed end, and malformed parameters', async () => {
    const exp = NOW + 3600;
    const sig = php('apercu', 40_123, exp);
    expect(await checkPreviewLink(SECRET, 'apercu', { id: 40_124, exp: String(exp), sig }, NOW)).toBe('invalid');
    expect(await checkPreviewLink(SECRET, 'embargo', { id: 40_123, exp: String(exp), sig }, NOW)).toBe('invalid');
    expect(await checkPreviewLink(`${SECRET}x`, 'apercu', { id: 40_123, exp: String(exp), sig }, NOW)).toBe('invalid');
    expect(await checkPreviewLink(SECRET, 'apercu', { id: 40_123, exp: String(exp + 1), sig }, NOW)).toBe('invalid');
    for (const [e, s] of [
      [undefined, sig],
      [String(exp), undefined],
      ['1e9', sig],
      ['-5', sig],
      [String(exp), `${sig}=`],
      [String(exp), sig.slice(1)],
      [String(exp), '!'.repeat(43)],
    ]) {
      expect(await checkPreviewLink(SECRET, 'apercu', { id: 40_123, exp: e, sig: s }, NOW), `${e} ${s}`).toBe('invalid');
    }
  });

  it('refuses a link that would live longer than any the plugin makes: 31 days, not a second more', async () => {
    const far = NOW + MAX_LINK_LIFETIME_SECONDS + 1;
    expect(await checkPreviewLink(SECRET, 'embargo', { id: 1, exp: String(far), sig: php('embargo', 1, far) }, NOW)).toBe('invalid');
    const longest = NOW + MAX_LINK_LIFETIME_SECONDS;
    expect(await checkPreviewLink(SECRET, 'embargo', { id: 1, exp: String(longest), sig: php('embargo', 1, longest) }, NOW)).toBe('valid');
    // The plugin's longest embargo link: 30 days.
    const month = NOW + 30 * 86400;
    expect(await checkPreviewLink(SECRET, 'embargo', { id: 1, exp: String(month), sig: php('embargo', 1, month) }, NOW)).toBe('valid');
  });

  it('takes the end only as the plugin writes it: other spellings of the same number are refused', async () => {
    const exp = NOW + 3600;
    const sig = php('apercu', 40_123, exp);
    for (const spelt of [`+${exp}`, `${exp}.0`, ` ${exp}`, `${exp} `, `0x${exp.toString(16)}`, `${exp}e0`])
      expect(await checkPreviewLink(SECRET, 'apercu', { id: 40_123, exp: spelt, sig }, NOW), spelt).toBe('invalid');
  });
});

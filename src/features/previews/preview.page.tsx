import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { readSession } from '../../auth/session.server';
import { settle, type Loaded } from '../../data/loaded';
import { journalistSession } from '../forms/access.server';
import { GATE_STATUS, GATE_TITLES, PreviewGate, type GateReason } from './PreviewGate';
import { checkPreviewLink } from './signed-link';
import { parseWpDate } from '../../lib/format/date';
import { pageAddress, toSitePath } from '../../lib/links';
import { withinLimit } from '../../http/rate-limit.server';
import type { PreviewPost } from '../../schemas/article';
import { notFoundPage, unavailablePage } from '../../render/apology';
import { articlePage } from '../reading/article/article.page';

// Unpublished posts (SPEC §2 draft preview, and embargoed posts shared with journalists): shown
// only through a link WordPress signed (features/previews/signed-link.ts), or to an editor whose
// WordPress account may edit the post. Anything else is the ordinary « page introuvable », so
// that counting ids tells nothing; every answer is rate-limited, never cached, never indexed.

/** Every answer at a signed address: never stored, and no tag manager (the address is the key). */
const NEVER = { cache: 'never', thirdParties: false } as const;
/** The signature WordPress put in the link (features/previews/signed-link.ts). */
type SignedLink = { exp?: string; sig?: string };
const postId = (raw: string | undefined) => (raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null);
const nowSeconds = () => Math.floor(Date.now() / 1000);

function gate(c: Context<AppEnv>, reason: GateReason) {
  return c.render(<PreviewGate reason={reason} address={pageAddress(new URL(c.req.url))} />, {
    status: GATE_STATUS[reason],
    head: { title: GATE_TITLES[reason], noindex: true },
    tracking: { page_type: 'erreur' },
    cache: 'never',
    thirdParties: false,
  });
}

const unavailable = (c: Context<AppEnv>) => unavailablePage(c, { subject: 'article', ...NEVER });

const unindexed = (res: Response) => {
  res.headers.set('x-robots-tag', 'noindex, nofollow');
  return res;
};

/** A link signed with PREVIEW_SECRET, or during a rotation with the previous one (docs/operations.md). */
async function checkLink(
  c: Context<AppEnv>,
  purpose: 'apercu' | 'embargo',
  link: { id: number; exp: string | undefined; sig: string | undefined },
) {
  const { PREVIEW_SECRET, PREVIEW_SECRET_PREVIOUS } = c.get('config');
  const result = await checkPreviewLink(PREVIEW_SECRET, purpose, link, nowSeconds());
  return result === 'invalid' && PREVIEW_SECRET_PREVIOUS ? checkPreviewLink(PREVIEW_SECRET_PREVIOUS, purpose, link, nowSeconds()) : result;
}

/** /categories/preview/post?p={id}&exp=…&sig=…: an editor's preview (« Aperçu » in WordPress). */
export async function previewPage(c: Context<AppEnv>, asked: SignedLink & { p?: string }) {
  if (!(await withinLimit(c, 'PREVIEW_LIMITER'))) return unindexed(await gate(c, 'limited'));
  const id = postId(asked.p);
  if (id === null) return unindexed(await notFoundPage(c, NEVER));
  const link = await checkLink(c, 'apercu', { id, exp: asked.exp, sig: asked.sig });
  let post: Loaded<PreviewPost>;
  if (link === 'valid') {
    post = await settle(c.get('content').unpublished(id, 'preview'), `aperçu ${id}`);
  } else {
    // No valid link: a reader signed in at the federation whose WordPress account may edit the
    // post (WordPress decides, with the reader's own token). Anyone else: nothing to see here.
    const session = await readSession(c);
    if (!session?.access_token || session.error) return unindexed(await (link === 'expired' ? gate(c, 'expired') : notFoundPage(c, NEVER)));
    post = await settle(c.get('content').unpublished(id, { bearer: session.access_token }), `aperçu ${id} (compte)`);
    if (post.status !== 'success') return unindexed(await (link === 'expired' ? gate(c, 'expired') : notFoundPage(c, NEVER)));
  }
  if (post.status === 'failure') return unindexed(await unavailable(c));
  if (post.status === 'not-found') return unindexed(await notFoundPage(c, NEVER));
  return unindexed(await articlePage(c, post, { unpublished: { kind: 'apercu', status: post.data.status } }));
}

/**
 * /embargo/{id}?exp=…&sig=…: a scheduled post the press office shared from WordPress, for signed-in
 * journalists until the link ends; once published, the link leads to the public article.
 */
export async function embargoPage(c: Context<AppEnv>, rawId: string, asked: SignedLink) {
  if (!(await withinLimit(c, 'PREVIEW_LIMITER'))) return unindexed(await gate(c, 'limited'));
  const id = postId(rawId);
  if (id === null) return unindexed(await notFoundPage(c, NEVER));
  const link = await checkLink(c, 'embargo', { id, exp: asked.exp, sig: asked.sig });
  if (link === 'invalid') return unindexed(await notFoundPage(c, NEVER));
  const post = await settle(c.get('content').unpublished(id, 'preview'), `embargo ${id}`);
  if (post.status === 'failure') return unindexed(await unavailable(c));
  if (post.status === 'not-found') return unindexed(await notFoundPage(c, NEVER));
  if (post.data.status === 'publish') return c.redirect(toSitePath(post.data.link), 302);
  // Only a post WordPress has scheduled: one withdrawn since (back to draft, pending, private) or a
  // draft signed as if it were scheduled is « not found »; a draft's only door is the preview.
  if (post.data.status !== 'future') return unindexed(await notFoundPage(c, NEVER));
  if (link === 'expired') return unindexed(await gate(c, 'expired'));
  const access = await journalistSession(c);
  if (!access.ok) return unindexed(await (access.reason === 'unavailable' ? unavailable(c) : gate(c, access.reason)));
  const until = parseWpDate(post.data.date);
  return unindexed(await articlePage(c, post, { unpublished: { kind: 'embargo', until } }));
}

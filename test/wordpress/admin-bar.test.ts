import { afterAll, describe, expect, it } from 'vitest';
import { admin, decodeEntities, login, php, pluginState, pluginWarnings, site, warm, wp } from './helpers';

// « Purger le cache du site »: administrators only, nonce-protected, from wp-admin and from the
// front, and it purges the whole site at once.

const NODE = /<li[^>]*id=["']wp-admin-bar-ffr-presse-purge["'][^>]*>\s*<a[^>]*href=["']([^"']+)["'][^>]*>([^<]*)<\/a>/;

afterAll(async () => expect(await pluginWarnings()).toEqual([]));

describe('the admin bar item', () => {
  it('is there for an administrator, not for an editor, who cannot use its link either', async () => {
    const adminCookies = await login('admin');
    const page = await admin('profile.php', adminCookies);
    expect(page.status).toBe(200);
    const node = NODE.exec(page.text);
    expect(node?.[2]).toBe('Purger le cache du site');
    const href = decodeEntities(node![1]!);
    expect(href).toMatch(new RegExp(`^${wp.url}/wp-admin/admin-post\\.php\\?action=ffr_presse_purge&_wpnonce=[0-9a-f]{10}$`));

    const editorCookies = await login('editor');
    const editorPage = await admin('profile.php', editorCookies);
    expect(editorPage.status).toBe(200);
    expect(editorPage.text).toContain('id="wpadminbar"');
    expect(editorPage.text).not.toContain('wp-admin-bar-ffr-presse-purge');
    const refused = await admin(href, editorCookies);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Désolé, vous n’avez pas le droit de purger le cache du site.');

    // Without its nonce the link does nothing either.
    const forged = await admin(`${wp.url}/wp-admin/admin-post.php?action=ffr_presse_purge&_wpnonce=0123456789`, adminCookies);
    expect(forged.status).toBe(403);
  });

  it('purges the whole site at once from wp-admin, and says so in French', async () => {
    const cookies = await login('admin');
    for (const path of ['/', '/categories/xv-de-france']) await warm(path);
    const before = await pluginState();
    const profile = `${wp.url}/wp-admin/profile.php`;
    const href = decodeEntities(NODE.exec((await admin('profile.php', cookies)).text)![1]!);

    const clicked = await admin(href, cookies, profile);
    expect(clicked.status).toBe(302);
    expect(clicked.location).toBe(profile);
    const state = await pluginState();
    expect(state.lastResult).toMatchObject({ ok: true, status: 200, body: '{"type":"site","action":"update","reason":"manual"}' });
    expect((state.lastResult as { time: number }).time).toBeGreaterThanOrEqual(
      ((before.lastResult as { time: number } | false) || { time: 0 }).time,
    );
    for (const path of ['/', '/categories/xv-de-france']) expect((await site(path)).cache, path).toBe('PURGED');

    const back = decodeEntities((await admin('profile.php', cookies)).text);
    expect(back).toMatch(
      /FFR Presse\u00a0: le cache du site a été purgé le \d{2}\/\d{2}\/\d{4} à \d{1,2}h\d{2}\. Les pages seront rafraîchies à la prochaine visite\./,
    );
    // Said once.
    expect((await admin('profile.php', cookies)).text).not.toContain('le cache du site a été purgé');
  });

  it('works from the front too: back to the page, the result under the item', async () => {
    const cookies = await login('admin');
    const href = decodeEntities(NODE.exec((await admin('profile.php', cookies)).text)![1]!);
    const front = `${wp.url}/`;
    const clicked = await admin(href, cookies, front);
    expect(clicked.status).toBe(302);
    expect(clicked.location).toBe(front);
    // The front's admin bar, as WordPress builds it outside wp-admin (this WordPress has no theme to print it).
    const { result } = await php<{ item: string | null; result: string | null; again: string | null }>(
      `require_once ABSPATH . WPINC . '/class-wp-admin-bar.php';
      $bar = new WP_Admin_Bar();
      do_action_ref_array('admin_bar_menu', [&$bar]);
      $again = new WP_Admin_Bar();
      do_action_ref_array('admin_bar_menu', [&$again]);
      return [
        'item' => $bar->get_node('ffr-presse-purge')->title ?? null,
        'result' => $bar->get_node('ffr-presse-purge-resultat')->title ?? null,
        'again' => $again->get_node('ffr-presse-purge-resultat')->title ?? null,
      ];`,
      { as: 'admin' },
    );
    expect(result.item).toBe('Purger le cache du site');
    expect(decodeEntities(result.result ?? '')).toMatch(/^FFR Presse\u00a0: le cache du site a été purgé le /);
    expect(result.again).toBeNull();
  });
});

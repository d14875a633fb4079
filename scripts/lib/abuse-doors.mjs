// bench:abuse part 6 (issue 50): the four attacks of the review, on the code before (a commit) and
// on this checkout, in one run:
//   - direct: anonymous posts straight to Contact Form 7's public feedback route, each in a
//     journalist's name, to an accreditation form — the local WordPress emulator (dev/) of each
//     commit, which does what the federation plugin does: how many were taken (a mail each);
//   - respelt: a signed purge, then its signature spelt six other ways (unpadded, a space or a tab
//     inside, the unused bits of its last character) — the production bundle in workerd: how many
//     re-spellings were taken;
//   - replayed / older: a captured « status lost » account notice replayed after the journalist
//     re-subscribed, and an older notice arriving after a newer one (WP-Cron's late retry) — the
//     same worker, its D1 schema applied: is the journalist still subscribed afterwards;
//   - plain-page filters: made-up album filter values on pages that show no album — the bundle in
//     Node: how many new KV copies.
import { spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { applyMigration } from './d1-sqlite.mjs';
import { callWorker, dropWorkerLogLines, importBundles, nodeBindings } from './node-worker.mjs';
import { root, sitePort, siteUrl, upstreamPort, waitFor, withUpstreamPort } from './stack.mjs';
import { startProductionWorker } from './worker-build.mjs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** `before` holds src/ and dev/ at the baseline commit (lib/source-at.mjs). */
export async function measureDoors({ before, baseline, vars }) {
  const rows = {};
  const labels = [`before (${baseline})`, 'after'];

  // Direct posts to CF7: the emulator of each commit, on a port of its own.
  rows.direct = {};
  for (const [label, dir, port] of [
    [labels[0], before.dir, upstreamPort + 20],
    [labels[1], null, upstreamPort],
  ]) {
    const child = dir ? await startEmulator(dir, port, vars) : null;
    try {
      rows.direct[label] = await directPosts(`http://127.0.0.1:${port}`, vars);
    } finally {
      child?.kill('SIGTERM');
    }
  }

  // Signatures and notices: the production bundle of each commit in workerd.
  rows.respelt = {};
  rows.replayed = {};
  rows.older = {};
  for (const [label, dir] of [
    [labels[0], before.dir],
    [labels[1], root],
  ]) {
    const served = await startProductionWorker({
      port: sitePort,
      bindings: { ...withUpstreamPort(vars), PUBLIC_ORIGIN: siteUrl },
      entry: `export * from '${dir}src/index.ts';\nexport { default } from '${dir}src/index.ts';\n`,
    });
    try {
      await waitFor(`${siteUrl}/`, { timeoutMs: 120_000, ok: (r) => r.status === 200 });
      const db = await served.mf.getD1Database('ALERTS_DB');
      for (const file of (await readdir(`${root}migrations`)).filter((f) => f.endsWith('.sql')).sort())
        await applyMigration(db, `${root}migrations/${file}`);
      rows.respelt[label] = await respelt(vars.PURGE_SECRET);
      ({ replayed: rows.replayed[label], older: rows.older[label] } = await notices(db, vars.PURGE_SECRET));
    } finally {
      await served.dispose();
    }
  }

  // Made-up album filters on plain pages: the bundle of each commit in Node.
  dropWorkerLogLines();
  rows.plainPageFilters = {};
  for (const [label, entry] of [
    [labels[0], `${before.dir.slice(root.length)}src/index.ts`],
    [labels[1], 'src/index.ts'],
  ])
    rows.plainPageFilters[label] = await plainPageFilters(entry);
  return rows;
}

async function startEmulator(dir, port, vars) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev/main.ts'], {
    cwd: dir,
    env: { ...process.env, ...vars, UPSTREAM_PORT: String(port), UPSTREAM_QUIET: '1', PORT: String(sitePort), WORKER_URL: siteUrl },
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${port}/`, { timeoutMs: 120_000 });
  return child;
}

/** Ten anonymous accreditation requests, each in the name of a journalist who never sent it. */
async function directPosts(origin, vars) {
  const auth = `Basic ${Buffer.from(vars.CF7_CREDENTIALS).toString('base64')}`;
  const forms = await (await fetch(`${origin}/wp-json/contact-form-7/v1/contact-forms`, { headers: { authorization: auth } })).json();
  const form = forms.find((f) => f.slug === 'accreditation-evenements-presse');
  const now = new Date();
  const events = (await (await fetch(`${origin}/wp-json/ffr/v1/future_events?ends_after=${now.toISOString().slice(0, 19)}`)).json()).filter(
    (e) => e.accreditation?.kind === 'evenements-presse' && Date.parse(e.accreditation.deadline) > now.getTime(),
  );
  const before = (await (await fetch(`${origin}/__control/submissions`)).json()).length;
  const statuses = {};
  let taken = 0;
  for (let i = 0; i < 10; i++) {
    const body = new FormData();
    for (const [k, v] of Object.entries({
      _wpcf7: String(form.id),
      _wpcf7_unit_tag: `wpcf7-f${form.id}-o1`,
      nom: 'Lefèvre',
      prenom: 'Camille',
      email: i === 0 ? 'journaliste@example.fr' : `redaction${i}@journal.example`,
      telephone: '06 12 34 56 78',
      media: 'L’Équipe',
      fonction: 'Journaliste',
      rgpd: '1',
    }))
      body.set(k, v);
    body.append('accreditation-event-title[]', events[i % events.length].title.replaceAll('&#8217;', '’'));
    const res = await fetch(`${origin}/wp-json/contact-form-7/v1/contact-forms/${form.id}/feedback`, {
      method: 'POST',
      body,
      headers: { 'user-agent': 'curl/8.5.0' },
    });
    const answer = await res.json().catch(() => ({}));
    const key = `${res.status}${answer.status ? ` ${answer.status}` : ''}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
    if (answer.status === 'mail_sent') taken++;
  }
  const kept = (await (await fetch(`${origin}/__control/submissions`)).json()).length - before;
  return { posts: 10, taken, submissionsKept: kept, statuses };
}

const signPurge = (secret, timestamp, body) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('base64');
const purge = (body, timestamp, signature) =>
  fetch(`${siteUrl}/api/purge`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-ffr-timestamp': timestamp,
      'x-ffr-signature': signature,
      'cf-connecting-ip': '203.0.113.50',
    },
    body,
  });

/** One signed purge taken, then the same signature spelt six other ways. */
async function respelt(secret) {
  const body = JSON.stringify({ type: 'form', action: 'update', form: { id: 999_999, slug: 'controle-banc' }, nonce: randomUUID() });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = signPurge(secret, timestamp, body);
  const first = (await purge(body, timestamp, signature)).status;
  const last = BASE64.indexOf(signature[42]);
  const spellings = [
    signature.slice(0, -1),
    `${signature.slice(0, 20)} ${signature.slice(20)}`,
    `${signature.slice(0, 20)}\t${signature.slice(20)}`,
    ...[1, 2, 3].map((k) => `${signature.slice(0, 42)}${BASE64[(last & ~3) | ((last & 3) ^ k)]}=`),
  ];
  const statuses = {};
  let taken = 0;
  for (const spelt of spellings) {
    const status = (await purge(body, timestamp, spelt)).status;
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 200) taken++;
  }
  return { first, respellings: spellings.length, taken, statuses };
}

/** A captured notice replayed after a re-subscription; an older notice after a newer one. */
async function notices(db, secret) {
  const subscribe = (account) =>
    db
      .prepare(
        `INSERT OR IGNORE INTO subscribers (id, account, email, first_name, frequency, created_at, updated_at) VALUES (?1, ?2, ?3, 'Camille', 'immediate', 0, 0)`,
      )
      .bind(`${account}`.padEnd(22, 'x'), account, `${account}@redaction.example`)
      .run();
  const subscribed = async (account) =>
    (await db.prepare('SELECT COUNT(*) AS n FROM subscribers WHERE account = ?1').bind(account).first()).n === 1;
  const notice = (account, journaliste, changedAt) =>
    JSON.stringify({
      type: 'account',
      action: 'update',
      account: { id: account, journaliste, optin_mail: journaliste === 'oui' },
      changed_at: changedAt,
      nonce: randomUUID(),
    });
  const send = async (body, timestamp = String(Math.floor(Date.now() / 1000)), signature = signPurge(secret, timestamp, body)) => ({
    status: (await purge(body, timestamp, signature)).status,
    timestamp,
    signature,
  });
  const t = Date.now();

  // Replayed: « status lost » taken, the journalist subscribes again, the same notice comes back.
  const replayedAccount = 'u-rejeu';
  await subscribe(replayedAccount);
  const lost = notice(replayedAccount, 'non', t);
  const original = await send(lost);
  await subscribe(replayedAccount);
  const replay = await send(lost, original.timestamp, original.signature);
  const replayed = { original: original.status, replay: replay.status, stillSubscribed: await subscribed(replayedAccount) };

  // Older after newer: « kept » at t + 2 s arrives first, then « lost » of t + 1 s (re-signed, as WP-Cron retries).
  const olderAccount = 'u-ancien';
  await subscribe(olderAccount);
  const newer = await send(notice(olderAccount, 'oui', t + 2000));
  const older = await send(notice(olderAccount, 'non', t + 1000));
  return { replayed, older: { newer: newer.status, older: older.status, stillSubscribed: await subscribed(olderAccount) } };
}

/** 200 made-up album filter values on pages that show no album: new KV copies, from a state where the pages are cached. */
async function plainPageFilters(entry) {
  const { worker } = await importBundles({ worker: entry });
  const { env, kv } = await nodeBindings(worker, { CONTENT_FRESH_SECONDS: '86400', HTML_FRESH_SECONDS: '86400', PURGE_BOUND_MS: '0' });
  const call = (path) => callWorker(worker.default, new Request(siteUrl + path), env);
  const pages = ['/mentions-legales', '/contact', '/accreditations/charte-des-accreditations', '/categories/xv-de-france'];
  for (const path of pages) await call(path);
  let seed = 50;
  const word = () => Math.floor((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 36 ** 6).toString(36);
  const keys0 = (await kv.list({ prefix: 'html:' })).keys.length;
  const writes0 = kv.counts.writes;
  const statuses = {};
  for (let i = 0; i < 200; i++) {
    const { res } = await call(`${pages[i % pages.length]}?${i % 2 ? 'saison' : 'competition'}=${word()}`);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  return {
    requests: 200,
    newKvKeys: (await kv.list({ prefix: 'html:' })).keys.length - keys0,
    kvWrites: kv.counts.writes - writes0,
    statuses,
  };
}

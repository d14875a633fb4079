// node scripts/rotate-secret.mjs --env <staging|production> <NOM> < valeur
// Replaces one secret of a deployed Worker, only when that is safe. `wrangler secret put` makes a
// new version out of the DEPLOYED version's code plus the secret and deploys it at 100 %, but
// Cloudflare refuses it (code 10215) unless the newest version is the one deployed at 100 %; and
// `wrangler versions secret put` builds on the NEWEST version, whose code may never have been
// released. So: read the state with wrangler (deployments status, versions list), put the secret
// only in the steady state, refuse with what to do otherwise (canary under way, newer version
// uploaded or production rolled back), then check that a new version serves 100 %.
// The value comes on stdin (or a hidden prompt in a terminal): never in argv, never printed.
// Exit codes: 0 done, 1 refused or failed, 2 bad usage (nothing read nor sent).
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { runWrangler } from './lib/wrangler.mjs';

const ENVIRONMENTS = ['staging', 'production'];
const SECRET_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;

class Refusal extends Error {
  constructor(message, code = 1) {
    super(message);
    this.code = code;
  }
}

// ── The decision, pure: what `deployments status --json` and `versions list --json` print ──

const when = (version) =>
  version?.metadata?.created_on ? `${version.metadata.created_on.slice(0, 16).replace('T', ' ')} UTC` : 'date inconnue';
const label = (id, versions) => {
  const version = versions.find((v) => v.id === id);
  if (!version) return id;
  const tag = version.annotations?.['workers/tag'];
  return `${id} (créée le ${when(version)}${tag ? `, tag ${tag}` : ''})`;
};

/**
 * What to do, from `wrangler deployments status --json` (the current deployment: {versions:
 * [{version_id, percentage}]}, or null when there is none) and `wrangler versions list --json`
 * (versions with metadata.created_on; the newest is the one Cloudflare calls « latest »).
 * → {action: 'put', deployed} or {action: 'refuse', reason, message} (message in French).
 */
export function rotationPlan(status, versions, env) {
  const traffic = status?.versions ?? [];
  const list = [...(versions ?? [])].sort((a, b) => String(a.metadata?.created_on).localeCompare(String(b.metadata?.created_on)));
  const latest = list.at(-1);
  if (traffic.length === 0 || !latest)
    return {
      action: 'refuse',
      reason: 'nothing-deployed',
      message:
        `rien n’est déployé en ${env} : cette commande remplace le secret d’un Worker en service. ` +
        `Pour une première mise en place, suivez docs/deploy.md (npx wrangler secret put <NOM> --env ${env}).`,
    };

  // A split (canary under way): the newest version is not at 100 %, so Cloudflare refuses, and
  // were it accepted, the canary's code would go to 100 % with the secret.
  if (traffic.length > 1 || traffic[0].percentage !== 100) {
    const split = traffic.map((t) => `${label(t.version_id, list)} à ${t.percentage} %`).join(', ');
    const canary = [...traffic].sort((a, b) => a.percentage - b.percentage)[0].version_id;
    return {
      action: 'refuse',
      reason: 'rollout-in-progress',
      message:
        `un déploiement progressif est en cours en ${env} : ${split}.\n` +
        `Un « wrangler secret put » serait refusé par Cloudflare (code 10215), ou mettrait le code du canari à 100 % avec le secret.\n` +
        `Terminez-le d’abord, puis relancez la rotation :\n` +
        `  – le promouvoir : workflow Production (job « Promote »), ou npx wrangler versions deploy ${canary}@100% --env ${env} ;\n` +
        `  – ou l’annuler : workflow Rollback, ou npx wrangler rollback --env ${env}.`,
    };
  }

  const deployed = traffic[0].version_id;
  if (deployed !== latest.id)
    return {
      action: 'refuse',
      reason: 'latest-not-deployed',
      message:
        `la version en service en ${env}, ${label(deployed, list)}, n’est pas la plus récente : ` +
        `${label(latest.id, list)} a été envoyée depuis sans être déployée, ou la version en service a été rétablie par un retour arrière.\n` +
        `Dans cet état, Cloudflare refuse « wrangler secret put » (code 10215), et « wrangler versions secret put » partirait ` +
        `de la version la plus récente : il mettrait en ligne du code jamais publié.\n` +
        `Pour rétablir l’état, redéployez le code de la version en service comme version la plus récente :\n` +
        `  npm run release -- repin --env ${env}\n` +
        `puis relancez cette rotation. (Si la version la plus récente doit de toute façon partir, déployez-la d’abord : workflow Production.)`,
    };
  return { action: 'put', deployed };
}

// ── wrangler, as the workflows run it ──

function wrangler(args, input = '') {
  // A pipe, never the terminal: wrangler then reads the secret from stdin, without a prompt.
  const run = runWrangler(args, { input });
  if (run.error) throw new Refusal(`wrangler ne démarre pas : ${run.error.message}`);
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function parseJson(run, command) {
  try {
    return JSON.parse(run.stdout);
  } catch {
    throw new Refusal(`« wrangler ${command} » n’a pas rendu de JSON :\n${run.stdout}${run.stderr}`);
  }
}

/** The current deployment and the versions, as wrangler prints them; null / [] when there are none. */
function readState(env) {
  const status = wrangler(['deployments', 'status', '--env', env, '--json']);
  const output = `${status.stdout}${status.stderr}`;
  // versionsDeploymentsStatusHandler: « The Worker … has no deployments. »; 10007: no such Worker.
  if (status.status !== 0 && /has no deployments|\[code: 10007\]/.test(output)) return { status: null, versions: [] };
  if (status.status !== 0)
    throw new Refusal(`impossible de lire le déploiement en cours (wrangler deployments status) :\n${output.trim()}`);
  const versions = wrangler(['versions', 'list', '--env', env, '--json']);
  if (versions.status !== 0)
    throw new Refusal(`impossible de lire les versions (wrangler versions list) :\n${`${versions.stdout}${versions.stderr}`.trim()}`);
  return { status: parseJson(status, 'deployments status'), versions: parseJson(versions, 'versions list') };
}

// ── The command ──

const USAGE =
  'Usage : node scripts/rotate-secret.mjs --env <staging|production> <NOM> < fichier-de-la-valeur\n' +
  '(la valeur se lit sur l’entrée standard, ou se tape sans écho dans un terminal ; jamais en argument)';

function parseCommand(argv) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { env: { type: 'string' } }, allowPositionals: true });
  } catch (error) {
    throw new Refusal(`${error.message}\n${USAGE}`, 2);
  }
  const { env } = parsed.values;
  const [name, ...extra] = parsed.positionals;
  if (!ENVIRONMENTS.includes(env ?? ''))
    throw new Refusal(`environnement inconnu « ${env ?? ''} » : --env staging ou --env production.\n${USAGE}`, 2);
  // A value given as an argument would stay in the shell's history and in `ps`.
  if (extra.length > 0)
    throw new Refusal(
      `un seul argument après --env : le nom du secret ; la valeur, jamais en argument, se lit sur l’entrée standard.\n${USAGE}`,
      2,
    );
  if (!name) throw new Refusal(`nom du secret manquant.\n${USAGE}`, 2);
  if (!SECRET_NAME.test(name))
    throw new Refusal(
      `nom de secret invalide « ${name} » : majuscules, chiffres et _, commençant par une lettre (64 caractères au plus).`,
      2,
    );
  return { env, name };
}

async function readValue(name) {
  const raw = process.stdin.isTTY ? await promptHidden(`Nouvelle valeur de ${name} (sans écho, Entrée pour finir) : `) : await readStdin();
  // wrangler drops trailing whitespace (trimTrailingWhitespace in src/utils/std.ts): judge what it will store.
  const value = raw.trimEnd();
  if (value === '') throw new Refusal(`valeur vide pour ${name} : rien n’a été envoyé.`, 2);
  return value;
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** One line typed without echo (a multi-line value goes through stdin instead). */
function promptHidden(question) {
  process.stderr.write(question);
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = '';
    const stop = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stop();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          stop();
          reject(new Refusal('interrompu : rien n’a été envoyé.'));
          return;
        }
        value = ch === '\u007f' || ch === '\b' ? value.slice(0, -1) : value + ch;
      }
    };
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.on('data', onData);
    stdin.resume();
  });
}

async function main(argv) {
  const { env, name } = parseCommand(argv);
  const value = await readValue(name);

  const before = readState(env);
  const plan = rotationPlan(before.status, before.versions, env);
  if (plan.action === 'refuse') throw new Refusal(`rotation de ${name} refusée : ${plan.message}`);

  console.log(`${env} : la version en service ${plan.deployed} est la plus récente, à 100 % ; envoi de ${name}…`);
  const put = wrangler(['secret', 'put', name, '--env', env], value);
  const said = `${put.stdout}${put.stderr}`.trim();
  // throwIfLatestVersionNotDeployed (wrangler's src/secret/index.ts): a version came between the reading and the put.
  if (put.status !== 0 && said.includes("latest version of your Worker isn't currently deployed"))
    throw new Refusal(
      `Cloudflare a refusé ${name} (code 10215) : l’état a changé depuis sa lecture. Relancez la rotation pour savoir quoi faire.`,
    );
  if (put.status !== 0)
    throw new Refusal(
      `wrangler secret put a échoué :\n${said}\nVérifiez l’état (npx wrangler deployments status --env ${env}) avant de relancer.`,
    );

  // wrangler says « Success »: the state must be steady again, a new version alone at 100 %.
  const after = readState(env);
  const check = rotationPlan(after.status, after.versions, env);
  if (check.action !== 'put' || check.deployed === plan.deployed)
    throw new Refusal(
      `wrangler a accepté ${name}, mais l’état qui suit n’est pas celui attendu (une nouvelle version seule à 100 %) :\n` +
        `${JSON.stringify(after.status?.versions ?? null)}\nVérifiez avec npx wrangler deployments status --env ${env}.`,
    );
  console.log(`${name} remplacé en ${env} : nouvelle version ${check.deployed} à 100 % (code de ${plan.deployed}).`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.error(error.message);
    process.exitCode = error.code;
  }
}

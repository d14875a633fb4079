// Debian's packages that a script needs, installed with apt-get when one is missing (sudo only when
// not root): this network reaches Debian's packages and the npm registry only, so a browser, a
// database or a tool comes from here, never from a download of its own.
import { execFileSync, execSync } from 'node:child_process';

/** Whether dpkg has every one of these packages installed. */
function installed(packages) {
  try {
    const out = execFileSync(
      'dpkg-query',
      [
        '-W', // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format, not a template
        '-f=${db:Status-Status}\\n',
        ...packages,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const states = out.split('\n').filter(Boolean);
    return states.length === packages.length && states.every((s) => s === 'installed');
  } catch {
    return false;
  }
}

/**
 * Installs the missing ones in one apt-get call. Without recommends unless asked: themes,
 * translations and documentation change nothing for a headless tool (and WordPress's French
 * translations would change its titles' entities, test/wordpress/accreditation-events.test.ts).
 * Browsers keep theirs (codecs, fonts), as a reader's install has them.
 */
export function aptInstall(packages, why, { recommends = false } = {}) {
  if (installed(packages)) return false;
  console.log(`${why} : installation des paquets Debian ${packages.join(', ')}…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${recommends ? '' : '--no-install-recommends '}${packages.join(' ')}`,
    { stdio: 'inherit' },
  );
  return true;
}

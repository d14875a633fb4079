import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { php } from './helpers';

// npm test runs this suite on Debian 12's WordPress and on the newest Debian carries
// (WORDPRESS_RELEASE=newest): the plugin's readme claims no more than those two runs show.
const readme = readFileSync(fileURLToPath(new URL('../../wordpress/ffr-presse-purge/readme.txt', import.meta.url)), 'utf8');
const header = (name: string) => readme.match(new RegExp(`^${name}: ([\\d.]+)$`, 'm'))?.[1];
const minor = (version: string) => version.split('.').slice(0, 2).map(Number) as [number, number];
const atLeast = (a: string, b: string) => {
  const [x, y] = [minor(a), minor(b)];
  return x[0] > y[0] || (x[0] === y[0] && x[1] >= y[1]);
};

describe('the WordPress versions the plugin claims', () => {
  it('are the ones this run tests: « Requires at least » on Debian 12’s, « Tested up to » at most the newest', async () => {
    const { result: running } = await php<string>('global $wp_version; return $wp_version;');
    if (process.env.WORDPRESS_RELEASE === 'newest') expect(atLeast(running, header('Tested up to')!), `WordPress ${running}`).toBe(true);
    else expect(minor(running)).toEqual(minor(header('Requires at least')!));
    // The PHP file's header (read by WordPress since 5.8) says the same as the readme.
    const plugin = readFileSync(fileURLToPath(new URL('../../wordpress/ffr-presse-purge/ffr-presse-purge.php', import.meta.url)), 'utf8');
    expect(plugin).toContain(` * Requires at least: ${header('Requires at least')}\n`);
    expect(plugin).toContain(' * Update URI:        false\n');
  });
});

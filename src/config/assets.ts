import manifest from '../../public/assets/manifest.json';

// Content-hashed names of the client bundle and stylesheet, written by scripts/build-client.mjs.
export const assets = manifest as { 'main.js': string; 'site.css': string; 'teams.css': string; 'stories.css': string; version: string };

/** The stylesheets a page may add to site.css (scripts/build-client.mjs builds one per feature). */
export type FeatureStylesheet = 'teams' | 'stories';

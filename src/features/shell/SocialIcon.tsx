// Monochrome glyphs of the nine networks of SPEC §3, drawn simply (no third-party assets).
const PATHS: Record<string, string> = {
  fb: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.2V10H7v4h3v7h4v-7h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  twitter: 'M4 4l6.6 8.8L4.3 20h2l5.3-6 4.4 6H20l-7-9.3L18.9 4h-2l-4.9 5.5L8 4z',
  instagram:
    'M8 3h8a5 5 0 015 5v8a5 5 0 01-5 5H8a5 5 0 01-5-5V8a5 5 0 015-5zm4 5a4 4 0 100 8 4 4 0 000-8zm5.5-1.5a1 1 0 100 2 1 1 0 000-2z',
  youtube:
    'M21.6 7.2c-.2-1-1-1.7-2-1.9C17.9 5 12 5 12 5s-5.9 0-7.6.3c-1 .2-1.8.9-2 1.9C2 8.9 2 12 2 12s0 3.1.4 4.8c.2 1 1 1.7 2 1.9 1.7.3 7.6.3 7.6.3s5.9 0 7.6-.3c1-.2 1.8-.9 2-1.9.4-1.7.4-4.8.4-4.8s0-3.1-.4-4.8zM10 15V9l5.2 3z',
  flickr: 'M7 8.5a3.5 3.5 0 110 7 3.5 3.5 0 010-7zm10 0a3.5 3.5 0 110 7 3.5 3.5 0 010-7z',
  linkedin:
    'M5 3a2 2 0 110 4 2 2 0 010-4zM3 9h4v12H3zm6 0h3.8v1.7c.6-1 1.9-2 3.9-2 4 0 4.3 2.6 4.3 6V21h-4v-5.6c0-1.4 0-3.1-2-3.1s-2 1.5-2 3V21H9z',
  twitch: 'M4 3L3 7v12h4v2h3l2-2h3l5-5V3zm15 10l-3 3h-4l-2 2v-2H7V5h12zM15 7h2v5h-2zm-5 0h2v5h-2z',
  snapchat:
    'M12 3c3 0 5 2.2 5 5v2.3l1.6-.5.6 1.3-2 .9c.6 2 2 3.3 3.8 3.8l-.3 1.2c-1 .3-1.8.4-2.2.6l-.4 1.3c-1.3-.2-2.5.1-3.6.9-1.6 1.1-3.4 1.1-5 0-1.1-.8-2.3-1.1-3.6-.9l-.4-1.3c-.4-.2-1.2-.3-2.2-.6L3 14.8c1.8-.5 3.2-1.8 3.8-3.8l-2-.9.6-1.3 1.6.5V8c0-2.8 2-5 5-5z',
  tik_tok: 'M14 3h3c.3 2.2 1.7 3.6 4 3.8v3.1c-1.5 0-2.8-.4-4-1.2V15a6 6 0 11-6-6v3.2a2.8 2.8 0 102.9 2.8z',
};

export function SocialIcon({ network }: { network: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={PATHS[network] ?? ''} fill="currentColor" />
    </svg>
  );
}

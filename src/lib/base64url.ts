// Base64url without padding (RFC 4648 §5): the signatures of preview, embargo and unsubscribe
// links, and the alerts' random ids, all travel in addresses.

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  // '=' is only ever btoa's padding.
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '');
}

/** The bytes of `text` when it is `length` base64url characters, else null (checked before any decoding). */
export function fromBase64Url(text: string, length: number): Uint8Array<ArrayBuffer> | null {
  if (text.length !== length || !/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

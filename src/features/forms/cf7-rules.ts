import type { FieldKind } from './model';

// The limits Contact Form 7 applies whatever the form says, so that what the site accepts the
// plugin accepts too (rocklobster-in/contact-form-7, 6.1). Client-safe: the island checks the same.

/** modules/file.php, get_limit_option: 1 MB per file field when the tag has no limit: option. */
export const CF7_DEFAULT_MAX_BYTES = 1024 * 1024;

/**
 * includes/file.php, wpcf7_acceptable_filetypes: without filetypes:, audio/*, video/* and image/*,
 * i.e. the extensions WordPress maps to those types (wp-includes/functions.php, wp_get_mime_types).
 */
export const CF7_DEFAULT_FILE_TYPES = [
  'jpg',
  'jpeg',
  'jpe',
  'gif',
  'png',
  'bmp',
  'tiff',
  'tif',
  'webp',
  'avif',
  'ico',
  'heic',
  'heif',
  'mp3',
  'm4a',
  'm4b',
  'aac',
  'ra',
  'ram',
  'wav',
  'ogg',
  'oga',
  'flac',
  'mid',
  'midi',
  'wma',
  'wax',
  'mka',
  'asf',
  'asx',
  'wmv',
  'wmx',
  'wm',
  'avi',
  'divx',
  'flv',
  'mov',
  'qt',
  'mpeg',
  'mpg',
  'mpe',
  'mp4',
  'm4v',
  'ogv',
  'webm',
  'mkv',
  '3gp',
  '3gpp',
  '3g2',
  '3gp2',
];

/** modules/text.php and textarea.php: a maxlength rule always, 400 or 2000 when the tag sets none. */
export function cf7MaxLength(kind: FieldKind): number | undefined {
  if (kind === 'textarea') return 2000;
  return kind === 'text' || kind === 'email' || kind === 'url' || kind === 'tel' ? 400 : undefined;
}

/**
 * includes/validation-functions.php, wpcf7_is_tel (6.0.5 and later): an extension after # or * is
 * dropped, then spaces, ( ) / . * # and dashes; 00 counts as +; 6 to 15 characters, digits only.
 */
export function cf7IsTel(value: string): boolean {
  let text = value.replace(/[#*].*$/, '').replace(/[()/.*#\s-]+/g, '');
  if (text.startsWith('+') || text.startsWith('00')) text = `+${text.replace(/^[+0]+/, '')}`;
  return /^[+]?[0-9]+$/.test(text) && text.length > 5 && text.length < 16;
}

/**
 * WordPress's is_email (wp-includes/formatting.php), which CF7's email rule calls: a local part of
 * its allowed characters, a dot-separated domain of letters, digits and inner hyphens.
 */
export function cf7IsEmail(email: string): boolean {
  if (email.length < 6) return false;
  const at = email.indexOf('@', 1);
  if (at < 0) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local) || /\.{2,}/.test(domain)) return false;
  const subs = domain.split('.');
  return subs.length >= 2 && subs.every((sub) => /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i.test(sub));
}

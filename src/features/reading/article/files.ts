// How files offered for download are described: « PDF – 1,2 Mo ».
import { lazy } from '../../../lib/lazy';

const number = lazy(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }));
const UNITS = ['Ko', 'Mo', 'Go'] as const;

/** « 850 octets », « 12,5 Ko », « 1,2 Mo » (binary multiples, as WordPress counts them); '' when unknown. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '';
  if (bytes < 1024) return `${number().format(bytes)}\u00a0octet${bytes >= 2 ? 's' : ''}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // A non-breaking space keeps the number with its unit, as French typography wants.
  return `${number().format(value)}\u00a0${UNITS[unit]}`;
}

const MIME_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/zip': 'ZIP',
  'application/x-zip-compressed': 'ZIP',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'application/vnd.ms-excel': 'Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.ms-powerpoint': 'PowerPoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'text/csv': 'CSV',
  'text/plain': 'Texte',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/svg+xml': 'SVG',
  'video/mp4': 'MP4',
  'audio/mpeg': 'MP3',
};

/** « PDF » for application/pdf; a short subtype in capitals otherwise; '' when there is nothing useful. */
export function fileKind(mime: string, url = ''): string {
  const type = mime.trim().toLowerCase().split(';')[0] ?? '';
  const known = MIME_LABELS[type];
  if (known) return known;
  const subtype = type.split('/')[1] ?? '';
  if (/^[a-z0-9]{2,5}$/.test(subtype)) return subtype.toUpperCase();
  // Without a usable type, the file's extension says it well enough.
  const ext = /\.([a-z0-9]{2,5})(?:[?#]|$)/i.exec(url)?.[1];
  return ext ? ext.toUpperCase() : '';
}

/** « PDF – 1,2 Mo », « PDF », « 1,2 Mo » or ''. */
export function describeFile(mime: string, bytes: number, url = ''): string {
  return [fileKind(mime, url), formatFileSize(bytes)].filter(Boolean).join(' – ');
}

// Responsive images (SPEC §9): device widths 640 to 3840 at quality 75. In production Cloudflare's
// image resizing serves each width; locally (or for SVG) the plain URL is the only candidate.

export const DEVICE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const QUALITY = 75;

export type ImageMode = 'resize' | 'plain';

export function resizedUrl(src: string, width: number, mode: ImageMode): string {
  if (mode === 'plain' || !src || src.endsWith('.svg')) return src;
  return `/cdn-cgi/image/width=${width},quality=${QUALITY},format=auto/${src}`;
}

/** srcset and sizes for an image shown at most `maxWidth` CSS pixels wide. */
/** Images come from WordPress: only its web addresses and site paths may reach an <img>. */
const isImageAddress = (src: string) => /^(https?:\/\/|\/(?![/\\]))/i.test(src);

export function responsiveImage(src: string, mode: ImageMode, maxWidth = 3840): { src: string; srcSet?: string } {
  if (!isImageAddress(src)) return { src: '' };
  if (mode === 'plain' || src.endsWith('.svg')) return { src };
  const widths = DEVICE_WIDTHS.filter((w) => w <= Math.max(640, maxWidth * 2));
  return {
    src: resizedUrl(src, widths[widths.length - 1]!, mode),
    srcSet: widths.map((w) => `${resizedUrl(src, w, mode)} ${w}w`).join(', '),
  };
}

const FEDERATION_PLACEHOLDER = '/images/placeholder-ffr.svg';
const PLACEHOLDERS: Record<string, string> = {
  presse: '/images/placeholder-presse.svg',
};

/** SPEC §9: the placeholder depends on the host's first label; dev, pp and localhost get the federation's. */
export function placeholderFor(hostname: string, fromSettings = ''): string {
  if (fromSettings) return fromSettings;
  const first = hostname.split('.')[0] ?? '';
  return PLACEHOLDERS[first] ?? FEDERATION_PLACEHOLDER;
}

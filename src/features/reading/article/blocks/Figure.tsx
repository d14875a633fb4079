import { responsiveImage, type ImageMode } from '../../../../lib/images';
import { InlineHtml, htmlToText } from '../../../../lib/html/inline-html';
import { safeSrc } from '../../../../lib/html/urls';

export type FigureImage = { src: string; alt: string; width: number; height: number };

/**
 * An image of the body with its caption. Width and height reserve the space before the file
 * arrives (no layout shift); body images are below the fold, hence lazy.
 */
export function Figure({
  image,
  caption,
  imageMode,
  sizes,
  maxWidth,
  className,
}: {
  image: FigureImage;
  caption: string;
  imageMode: ImageMode;
  sizes: string;
  maxWidth: number;
  className: string;
}) {
  const src = safeSrc(image.src);
  if (!src) return null;
  const { src: url, srcSet } = responsiveImage(src, imageMode, maxWidth);
  const known = image.width > 0 && image.height > 0;
  return (
    <figure className={className}>
      <img
        src={url}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt={htmlToText(image.alt)}
        width={known ? image.width : undefined}
        height={known ? image.height : undefined}
        loading="lazy"
        decoding="async"
      />
      {htmlToText(caption) ? (
        <figcaption>
          <InlineHtml html={caption} />
        </figcaption>
      ) : null}
    </figure>
  );
}

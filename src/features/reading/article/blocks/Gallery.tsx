import type { ImageMode } from '../../../../lib/images';
import { safeSrc } from '../../../../lib/html/urls';
import { Figure } from './Figure';
import type { BlockOf } from './types';

export function Gallery({ block, imageMode }: { block: BlockOf<'gallery'>; imageMode: ImageMode }) {
  // An image with a refused address would leave an empty cell.
  const images = block.images.filter((image) => safeSrc(image.src));
  if (images.length === 0) return null;
  return (
    <ul className="article-gallery">
      {images.map((image, i) => (
        <li key={i}>
          <Figure
            className="article-gallery__item"
            image={image}
            caption={image.caption}
            imageMode={imageMode}
            sizes="(min-width: 750px) 420px, 100vw"
            maxWidth={420}
          />
        </li>
      ))}
    </ul>
  );
}

import type { ImageMode } from '../../../../lib/images';
import { Figure } from './Figure';
import type { BlockOf } from './types';

/** Body column: full width on small screens, about 850 px beside the sidebar. */
export const BODY_IMAGE_SIZES = '(min-width: 1000px) 850px, 100vw';

export function ImageBlock({ block, imageMode }: { block: BlockOf<'image'>; imageMode: ImageMode }) {
  return (
    <Figure
      className="article-figure"
      image={block.image}
      caption={block.caption}
      imageMode={imageMode}
      sizes={BODY_IMAGE_SIZES}
      maxWidth={850}
    />
  );
}

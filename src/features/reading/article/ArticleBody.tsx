import type { ImageMode } from '../../../lib/images';
import type { Block } from '../../../schemas/article';
import { ButtonBlock } from './blocks/ButtonBlock';
import { FileBlock } from './blocks/FileBlock';
import { Gallery } from './blocks/Gallery';
import { Heading } from './blocks/Heading';
import { ImageBlock } from './blocks/ImageBlock';
import { List } from './blocks/List';
import { Paragraph } from './blocks/Paragraph';
import { Quote } from './blocks/Quote';
import { Separator } from './blocks/Separator';
import { Table } from './blocks/Table';
import { Unknown } from './blocks/Unknown';
import { Video } from './blocks/Video';

function BlockView({ block, imageMode }: { block: Block; imageMode: ImageMode }) {
  switch (block.type) {
    case 'paragraph':
      return <Paragraph block={block} />;
    case 'heading':
      return <Heading block={block} />;
    case 'list':
      return <List block={block} />;
    case 'image':
      return <ImageBlock block={block} imageMode={imageMode} />;
    case 'gallery':
      return <Gallery block={block} imageMode={imageMode} />;
    case 'video':
      return <Video block={block} />;
    case 'quote':
      return <Quote block={block} />;
    case 'table':
      return <Table block={block} />;
    case 'file':
      return <FileBlock block={block} />;
    case 'button':
      return <ButtonBlock block={block} />;
    case 'separator':
      return <Separator />;
    case 'unknown':
      return <Unknown block={block} />;
    default: {
      // A new block type in the schema must get its component here (compile error otherwise).
      const never: never = block;
      return never;
    }
  }
}

/** The article's blocks in order. Blocks have no id and never move: the index is a stable key. */
export function ArticleBody({ blocks, imageMode }: { blocks: Block[]; imageMode: ImageMode }) {
  return (
    <div className="article-body">
      {blocks.map((block, i) => (
        <BlockView key={i} block={block} imageMode={imageMode} />
      ))}
    </div>
  );
}

import { decodeEntities } from '../../../../lib/html/entities';
import type { BlockOf } from './types';

/** A block we cannot render: its text still reaches the reader, as plain text only. */
export function Unknown({ block }: { block: BlockOf<'unknown'> }) {
  const text = decodeEntities(block.text).trim();
  return text ? <p className="article-body__paragraph">{text}</p> : null;
}

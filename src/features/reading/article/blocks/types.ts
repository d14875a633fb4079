import type { Block } from '../../../../schemas/article';

/** The block of one type, as its component receives it. */
export type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;

import { createContext, useContext } from 'react';
import type { ImageMode } from '../lib/images';

/**
 * Per-request rendering facts that server components deep in the tree need (never islands: they
 * take props). Provided by the Document.
 */
export type RenderFacts = { imageMode: ImageMode; placeholder: string };

export const RenderContext = createContext<RenderFacts>({ imageMode: 'plain', placeholder: '' });
export const useRenderFacts = () => useContext(RenderContext);

import { htmlToText } from '../../../../lib/html/inline-html';
import { isExternal, safeHref, videoEmbedUrl } from '../../../../lib/html/urls';
import type { BlockOf } from './types';
import { VideoFrame } from './VideoFrame';

export function Video({ block }: { block: BlockOf<'video'> }) {
  const title = htmlToText(block.title);
  const embed = videoEmbedUrl(block.embed_url);
  if (embed) return <VideoFrame src={embed} title={title ? `Vidéo\u00a0: ${title}` : 'Vidéo'} />;
  // Not a player we frame: a plain link lets the reader watch it where it is published.
  const href = safeHref(block.url) ?? safeHref(block.embed_url);
  if (!href) return null;
  return (
    <p className="article-video-link">
      <a href={href} rel={isExternal(href) ? 'noopener' : undefined}>
        {title ? `Voir la vidéo\u00a0: ${title}` : 'Voir la vidéo'}
      </a>
    </p>
  );
}

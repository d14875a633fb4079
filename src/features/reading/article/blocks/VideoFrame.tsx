/**
 * A 16:9 video player. Only called with an URL that passed `videoEmbedUrl` (https, known video
 * host): the iframe is lazy so that players below the fold cost nothing until scrolled to.
 */
export function VideoFrame({ src, title, className = 'article-video' }: { src: string; title: string; className?: string }) {
  return (
    <div className={className}>
      <iframe
        src={src}
        title={title}
        loading="lazy"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share; fullscreen"
        allowFullScreen
        // Players need to know which site embeds them (YouTube refuses to play without it).
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

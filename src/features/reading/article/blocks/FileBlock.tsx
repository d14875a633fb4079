import { describeFile } from '../files';
import { htmlToText } from '../../../../lib/html/inline-html';
import { safeSrc } from '../../../../lib/html/urls';
import type { BlockOf } from './types';

export function FileBlock({ block }: { block: BlockOf<'file'> }) {
  const href = safeSrc(block.url);
  if (!href) return null; // a file we cannot link to is nothing the reader can use
  const title = htmlToText(block.title) || 'Document';
  const details = describeFile(block.mime, block.filesize, href);
  return (
    <p className="file-download">
      <a className="file-download__link" href={href} download>
        <span className="file-download__title">
          <span className="visually-hidden">{'Télécharger\u00a0: '}</span>
          {title}
        </span>
        {details ? <span className="file-download__details">{details}</span> : null}
      </a>
    </p>
  );
}

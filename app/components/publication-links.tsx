import type { ReactElement } from 'react';
import type { PublicPublication } from '../../common/wire.ts';
import { useT } from '../i18n/index.tsx';
import { ChatIcon, CodeIcon, DatasetIcon, PdfIcon, SlidesIcon, VideoIcon } from './icons.tsx';
import { at } from '../lib/base.ts';

type Links = Partial<Pick<PublicPublication, 'title' | 'file1_url' | 'file2_url' | 'file3_url' | 'link2' | 'link3' | 'link4'>>;

/** SPEC §2's file and link icons of a publication (the list and its own page). */
export function PublicationLinks({ p }: { p: Links }) {
  const { t } = useT();
  const icons: [string, string, ReactElement][] = [];
  if (p.file1_url) icons.push([t('publication.pdf'), p.file1_url, <PdfIcon key="pdf" />]);
  if (p.file2_url) icons.push([t('publication.slides'), p.file2_url, <SlidesIcon key="slides" />]);
  if (p.file3_url) icons.push([t('publication.dataset'), p.file3_url, <DatasetIcon key="data" />]);
  if (p.link3) icons.push([t('publication.wechat'), p.link3, <ChatIcon key="wechat" />]);
  if (p.link2) icons.push([t('publication.code'), p.link2, <CodeIcon key="code" />]);
  if (p.link4) icons.push([t('publication.video'), p.link4, <VideoIcon key="video" />]);
  if (icons.length === 0) return null;
  return (
    <div className="pub-links">
      {icons.map(([label, href, icon]) => (
        <a key={label} href={at(href)} target="_blank" rel="noopener" title={label} aria-label={`${label}${t('colon')}${p.title ?? ''}`}>
          {icon}
        </a>
      ))}
    </div>
  );
}

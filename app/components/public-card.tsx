import type { ReactNode } from 'react';
import { responsive } from '../lib/images.ts';
import { at } from '../lib/base.ts';

/**
 * One card of the public pages' card grids: an optional picture above a body, the whole card a link where
 * it has one; `actions`: links of its own below the body (a card that is not itself a link). Every card
 * grid of the public site draws its cards with it: a declared resource's list, the news page, the home
 * page's tools and projects, DISCOpen.
 */
export function PublicCard({
  href,
  newTab = false,
  image,
  imageSize = [480, 270],
  actions,
  children,
}: {
  href?: string | null;
  newTab?: boolean;
  image?: string | null;
  /** The picture's width and height as written on the img (its aspect ratio). */
  imageSize?: readonly [number, number];
  actions?: ReactNode;
  children: ReactNode;
}) {
  const body = (
    <>
      {image ? (
        <img
          className="card-media"
          {...responsive(image, 400)}
          sizes="(min-width: 900px) 380px, (min-width: 600px) 50vw, 100vw"
          alt=""
          width={imageSize[0]}
          height={imageSize[1]}
          loading="lazy"
        />
      ) : null}
      <div className="card-body">{children}</div>
      {actions ? <div className="card-actions">{actions}</div> : null}
    </>
  );
  return href ? (
    <a className="card" href={at(href)} target={newTab ? '_blank' : undefined} rel="noopener">
      {body}
    </a>
  ) : (
    <div className="card">{body}</div>
  );
}

import { useId } from 'react';
import {
  shareLimits,
  truncateFor,
  type ArticleShare,
  type ShareLength,
  type ShareSurface,
} from '@pentland/articles';
import { brand, siteImages } from '@pentland/site-data';
import * as css from './ArticleSharePreview.css.ts';

export interface ArticleSharePreviewProps {
  /** `articleShare()` of the article as it stands in the editor: what its served page's head will say. */
  share: ArticleShare;
}

const surfaceNames: Record<ShareSurface, string> = {
  search: 'Google',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  x: 'X',
};

function LengthNotes({ share, surface }: { share: ArticleShare; surface: ShareSurface }) {
  const notes = share.lengths.filter((l) => l.surface === surface);
  return (
    <ul className={css.lengths}>
      {notes.map((l) => (
        <li key={l.field} className={l.over ? css.over : undefined} data-over={l.over || undefined}>
          {lengthText(l)}
        </li>
      ))}
    </ul>
  );
}

/** 'Title: 67 of 60 characters — 7 too many: Google cuts it'. */
export function lengthText(l: ShareLength): string {
  const field = l.field === 'title' ? 'Title' : 'Description';
  const counted = `${field}: ${l.length} of ${l.limit} characters`;
  return l.over ? `${counted} — ${l.length - l.limit} too many: ${surfaceNames[l.surface]} cuts it` : counted;
}

function Card({ share, surface }: { share: ArticleShare; surface: Exclude<ShareSurface, 'search'> }) {
  const limit = shareLimits[surface];
  const host = new URL(share.url).host;
  // The site's own card by its path on this server (its absolute address is the production site's).
  const src = share.defaultImage ? siteImages.social : share.image;
  return (
    <figure className={css.preview} data-preview={surface}>
      <figcaption className={css.caption}>{surfaceNames[surface]} card</figcaption>
      <div className={css.card}>
        <img className={css.cardImage} src={src} alt="" width={382} height={200} />
        <div className={css.cardText}>
          <p className={css.cardDomain}>{surface === 'facebook' ? host.toUpperCase() : host}</p>
          <p className={css.cardTitle}>{truncateFor(share.title, limit.title)}</p>
          {surface !== 'linkedin' && share.description && (
            <p className={css.cardDescription}>{truncateFor(share.description, limit.description)}</p>
          )}
        </div>
      </div>
      <LengthNotes share={share} surface={surface} />
    </figure>
  );
}

/**
 * How an article will look as a Google result and as a Facebook, LinkedIn and X card: the served page's title,
 * description, address and image, cut where each cuts them, the cover cropped to the large card's 1.91 : 1, and each
 * length against its limit (a warning when over).
 */
export function ArticleSharePreview({ share }: ArticleSharePreviewProps) {
  const headingId = useId();
  const url = new URL(share.url);
  const crumbs = [url.host, ...url.pathname.split('/').filter(Boolean)].join(' › ');
  return (
    <section className={css.root} aria-labelledby={headingId}>
      <h3 id={headingId} className={css.heading}>
        Search and social previews
      </h3>
      <p className={css.address}>
        Address: <span data-share="url">{share.url}</span>
      </p>
      <figure className={css.preview} data-preview="search">
        <figcaption className={css.caption}>Google result</figcaption>
        <div className={css.search}>
          <p className={css.searchSite}>{brand}</p>
          <p className={css.searchUrl}>{crumbs}</p>
          <p className={css.searchTitle} data-share="title">
            {truncateFor(share.documentTitle, shareLimits.search.title)}
          </p>
          <p className={css.searchDescription}>
            {share.description
              ? truncateFor(share.description, shareLimits.search.description)
              : 'No description yet: Google shows a passage of the page instead.'}
          </p>
        </div>
        <LengthNotes share={share} surface="search" />
      </figure>
      {share.defaultImage && (
        <p className={css.address}>No cover image: the cards show the site&apos;s own picture.</p>
      )}
      <Card share={share} surface="facebook" />
      <Card share={share} surface="linkedin" />
      <Card share={share} surface="x" />
    </section>
  );
}

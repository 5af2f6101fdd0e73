import { ShareLinks, type ShareLinksProps } from '@pentland/ui';

/** An article's share links as an island (the address and title it was rendered with). */
export default function ShareIsland({ url, title }: Pick<ShareLinksProps, 'url' | 'title'>) {
  return <ShareLinks url={url} title={title} />;
}

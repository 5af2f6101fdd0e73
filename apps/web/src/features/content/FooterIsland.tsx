import { SiteFooter } from './SiteFooter.tsx';

/** The footer as an island: on a page served as islands its year still becomes the visitor's. */
export default function FooterIsland() {
  return <SiteFooter />;
}

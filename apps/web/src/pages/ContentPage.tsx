import { useLocation } from 'react-router-dom';
import { matchRoute } from '@pentland/site-data';
import { Section } from '@pentland/ui';
import * as css from './pages.css';

/** The frame of a page whose content a later issue fills: its title and description from the route table. */
export default function ContentPage() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname)?.route;
  return (
    <Section tone="surface" width="medium">
      <div className={css.stack}>
        <h1 className={css.pageTitle}>{route?.title}</h1>
        <p className={css.lead}>{route?.description}</p>
      </div>
    </Section>
  );
}

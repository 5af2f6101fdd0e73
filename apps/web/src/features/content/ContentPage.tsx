import { useLocation } from 'react-router-dom';
import { matchRoute } from '@pentland/site-data';
import { PageHeader } from '@pentland/ui';

/** The frame of a page whose content a later issue fills: its title and description from the route table. */
export default function ContentPage() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname)?.route;
  return <PageHeader tone="surface" width="medium" title={route?.title} lead={route?.description} />;
}

import { formatFromPrice, servicePath, servicesContent, type Service } from '@pentland/site-data';
import { Card, Link } from '@pentland/ui';
import * as css from './pages.css';

/** One service in a grid: title, summary, "from" price and a link to its page. */
export function ServiceCard({ service, titleAs = 'h3' }: { service: Service; titleAs?: 'h2' | 'h3' }) {
  return (
    <Card as="article" title={service.title} titleAs={titleAs} className={css.cardFill}>
      <p className={css.muted}>{service.summary}</p>
      <p className={css.price}>{formatFromPrice(service)}</p>
      <div className={css.cardFooter}>
        <Link to={servicePath(service)} className={css.cardLink}>
          {servicesContent.detailsLabel(service.title)}
        </Link>
      </div>
    </Card>
  );
}

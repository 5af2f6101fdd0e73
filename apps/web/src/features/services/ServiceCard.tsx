import { formatFromPrice, servicePath, servicesContent, type Service } from '@pentland/site-data';
import { SummaryCard } from '@pentland/ui';

/** One service in a grid: title, summary, "from" price and a link to its page. */
export function ServiceCard({ service, titleAs = 'h3' }: { service: Service; titleAs?: 'h2' | 'h3' }) {
  return (
    <SummaryCard
      title={service.title}
      titleAs={titleAs}
      summary={service.summary}
      highlight={formatFromPrice(service)}
      link={{ to: servicePath(service), label: servicesContent.detailsLabel(service.title) }}
    />
  );
}

import { Card, Text } from '@pentland/ui';
import { StatusBadge } from '../StatusBadge/index.ts';
import * as css from './ConsultationAgenda.css.ts';

/** A booked or requested consultation on the agenda. */
export interface AgendaItem {
  id: string;
  /** 'Tue 15 Dec, 10:00' (UK time). */
  when: string;
  name: string;
  typeName: string;
  reference: string;
  status: string;
  statusLabel: string;
}

export interface ConsultationAgendaProps {
  today: readonly AgendaItem[];
  /** The rest of this week (after today). */
  week: readonly AgendaItem[];
  onOpen?: (id: string) => void;
}

function Day({
  title,
  items,
  empty,
  onOpen,
}: {
  title: string;
  items: readonly AgendaItem[];
  empty: string;
  onOpen?: (id: string) => void;
}) {
  return (
    <Card as="section" title={title} titleAs="h2">
      {items.length === 0 ? (
        <Text tone="muted">{empty}</Text>
      ) : (
        <ul className={css.list}>
          {items.map((i) => (
            <li key={i.id} className={css.item}>
              <span className={css.when}>{i.when}</span>
              <span className={css.who}>
                {onOpen ? (
                  <button type="button" className={css.open} onClick={() => onOpen(i.id)}>
                    {i.name}
                  </button>
                ) : (
                  i.name
                )}{' '}
                — {i.typeName} <span className={css.reference}>{i.reference}</span>
              </span>
              <StatusBadge status={i.status} label={i.statusLabel} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Above the enquiry dashboard: today's consultations and the rest of this week's, in time order. */
export function ConsultationAgenda({ today, week, onOpen }: ConsultationAgendaProps) {
  return (
    <div className={css.agenda}>
      <Day title="Today" items={today} empty="No consultations today." onOpen={onOpen} />
      <Day title="This week" items={week} empty="No more consultations this week." onOpen={onOpen} />
    </div>
  );
}

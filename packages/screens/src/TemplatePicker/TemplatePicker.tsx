import { VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { Badge, Button, ButtonLink, Card } from '@pentland/ui';
import * as css from './TemplatePicker.css.ts';

export interface TemplateSummary {
  id: string;
  title: string;
  description: string;
  premium: boolean;
  /** The template's page colour, shown as a swatch. */
  colour?: string;
}

export interface TemplatePickerProps {
  templates: readonly TemplateSummary[];
  /** Premium templates are usable (the database decides too; this only labels the buttons). */
  hasPremium: boolean;
  onPick: (id: string) => void;
  /** Where a free user upgrades. */
  upgradeTo?: string;
  /** The template being opened. */
  busyId?: string | null;
}

/** Starting points for a new poster; premium ones are marked and, without premium, offer the upgrade instead. */
export function TemplatePicker({
  templates,
  hasPremium,
  onPick,
  upgradeTo = '/pricing',
  busyId = null,
}: TemplatePickerProps) {
  return (
    <ul className={css.list}>
      {templates.map((t) => {
        const locked = t.premium && !hasPremium;
        return (
          <li key={t.id} className={css.item}>
            <Card title={t.title} titleAs="h3" className={css.item}>
              {t.colour && <div aria-hidden className={css.swatch} style={{ background: t.colour }} />}
              <p className={css.description}>{t.description}</p>
              <div className={css.footer}>
                {t.premium && <Badge tone="brand">Premium</Badge>}
                {locked ? (
                  <ButtonLink to={upgradeTo} variant="secondary" size="small">
                    Upgrade to use {t.title}
                  </ButtonLink>
                ) : (
                  <Button type="button" size="small" disabled={busyId !== null} onClick={() => onPick(t.id)}>
                    {busyId === t.id ? 'Opening…' : 'Use template'}
                    <VisuallyHidden>for {t.title}</VisuallyHidden>
                  </Button>
                )}
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

import {
  defaultItem,
  describeLine,
  formatPence,
  offerFor,
  optionKeys,
  packageServices,
  pricePackage,
  vatRatePercent,
  type Billing,
  type BillingTotal,
  type PackageItem,
  type ServiceSlug,
} from '@pentland/site-data';
import { memo, useCallback, useDeferredValue, useLayoutEffect, useRef } from 'react';
import { Alert, Button, ButtonLink, Card, Checkbox, Select, Stack, Text, TextField } from '@pentland/ui';
import * as css from './PackageBuilder.css.ts';

export interface PackageBuilderProps {
  items: readonly PackageItem[];
  onChange: (items: PackageItem[]) => void;
  /** What was corrected in the link the visitor came with. */
  problems?: readonly string[];
  /** Where 'Request a consultation with this package' leads (with the package in its query). */
  requestHref: string;
  /** The shareable link of the current selection. */
  shareHref?: string;
}

function Totals({ title, total }: { title: string; total: BillingTotal }) {
  return (
    <table className={css.totals} aria-label={`${title} total`}>
      <tbody>
        <tr>
          <th scope="row" className={css.label}>
            {title} (excl. VAT)
          </th>
          <td className={css.amount}>{formatPence(total.netPence)}</td>
        </tr>
        <tr>
          <th scope="row" className={css.label}>
            VAT at {vatRatePercent}%
          </th>
          <td className={css.amount}>{formatPence(total.vatPence)}</td>
        </tr>
        <tr className={css.grand}>
          <th scope="row" className={css.label}>
            {title} total
          </th>
          <td className={css.amount}>{formatPence(total.grossPence)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** One service's card: its tick, and once ticked, its tier, billing and options. */
const ServiceChoice = memo(function ServiceChoice({
  service,
  item,
  fieldsShown,
  onToggle,
  onUpdate,
}: {
  service: (typeof packageServices)[number];
  item: PackageItem | undefined;
  /** Whether the ticked service's fields are mounted yet (see `PackageBuilder`). */
  fieldsShown: boolean;
  onToggle: (slug: ServiceSlug, on: boolean) => void;
  onUpdate: (slug: ServiceSlug, patch: Partial<PackageItem>) => void;
}) {
  const offer = offerFor(service.slug)!;
  return (
    <Card as="section" title={service.title} titleAs="h2" aria-label={service.title}>
      <Stack gap="3">
        <Text tone="muted">{service.summary}</Text>
        <Checkbox
          label={`Include ${service.title}`}
          checked={!!item}
          onCheckedChange={(on) => onToggle(service.slug, on)}
        />
        {item && fieldsShown && (
          <div className={css.options}>
            <Select
              label="Tier"
              options={offer.tiers.map((t) => ({ value: t.id, label: t.name }))}
              value={item.tier}
              hint={offer.tiers.find((t) => t.id === item.tier)?.summary}
              onValueChange={(tier) => onUpdate(service.slug, { tier })}
            />
            {offer.billing.length > 1 && (
              <Select
                label="Billing"
                options={offer.billing.map((b) => ({
                  value: b,
                  label: b === 'monthly' ? 'Monthly' : 'One-off',
                }))}
                value={item.billing}
                onValueChange={(billing) => onUpdate(service.slug, { billing: billing as Billing })}
              />
            )}
            {optionKeys.map((key) => {
              const rule = offer.options[key];
              if (!rule) return null;
              return (
                <TextField
                  key={key}
                  label={rule.label}
                  type="number"
                  inputMode="numeric"
                  min={rule.min}
                  max={rule.max}
                  step={1}
                  hint={rule.included ? `${rule.included} included` : undefined}
                  value={String(item[key] ?? rule.included)}
                  onChange={(e) => {
                    const n = Number(e.target.value);
                    if (Number.isInteger(n))
                      onUpdate(service.slug, { [key]: Math.min(rule.max, Math.max(rule.min, n)) });
                  }}
                />
              );
            })}
          </div>
        )}
      </Stack>
    </Card>
  );
});

/** The package builder: services, tiers and options from site-data, live prices in pence with VAT apart. */
export function PackageBuilder({
  items,
  onChange,
  problems = [],
  requestHref,
  shareHref,
}: PackageBuilderProps) {
  const priced = pricePackage(items);
  // A ticked service's tier, billing and option fields are mounted in a render after the tick (a transition), so
  // the tick and the totals show at once (the fields cost 4× more than the rest of the change on a slow phone).
  // Their values always come from `items`: a field typed in never shows an older value.
  const mounted = useDeferredValue(items);
  // The cards' handlers stay the same across renders (each reads the package as last rendered), so a change
  // re-renders only the cards whose service it changes, not every card with its checkbox.
  const latest = useRef({ items, onChange });
  useLayoutEffect(() => {
    latest.current = { items, onChange };
  });
  const onToggle = useCallback((slug: ServiceSlug, on: boolean) => {
    const { items: now, onChange: change } = latest.current;
    change(on ? [...now, defaultItem(slug)] : now.filter((i) => i.service !== slug));
  }, []);
  const onUpdate = useCallback((slug: ServiceSlug, patch: Partial<PackageItem>) => {
    const { items: now, onChange: change } = latest.current;
    change(now.map((i) => (i.service === slug ? { ...i, ...patch } : i)));
  }, []);
  return (
    <div className={css.layout}>
      <Stack gap="4">
        {problems.length > 0 && (
          <Alert tone="info" title="We corrected the package in your link">
            {problems.join(' ')}
          </Alert>
        )}
        <div className={css.services}>
          {packageServices.map((service) => (
            <ServiceChoice
              key={service.slug}
              service={service}
              item={items.find((i) => i.service === service.slug)}
              fieldsShown={mounted.some((i) => i.service === service.slug)}
              onToggle={onToggle}
              onUpdate={onUpdate}
            />
          ))}
        </div>
      </Stack>
      <aside className={css.summary} aria-label="Your package">
        <Card title="Your package" titleAs="h2" padding="large">
          <Stack gap="4">
            {priced.lines.length === 0 ? (
              <Text tone="muted">Choose a service to start your package.</Text>
            ) : (
              <Stack as="ul" gap="2">
                {priced.lines.map((line) => (
                  <Text key={line.item.service} as="span" size="sm">
                    {describeLine(line)}
                  </Text>
                ))}
              </Stack>
            )}
            <div aria-live="polite">
              <Stack gap="3">
                <Totals title="Monthly" total={priced.monthly} />
                <Totals title="One-off" total={priced.oneOff} />
              </Stack>
            </div>
            {priced.lines.length > 0 ? (
              <ButtonLink to={requestHref} variant="accent" fullWidth>
                Request a consultation with this package
              </ButtonLink>
            ) : (
              <Button variant="accent" fullWidth disabled>
                Request a consultation with this package
              </Button>
            )}
            {shareHref && priced.lines.length > 0 && (
              <Text size="sm" tone="muted">
                This page’s address holds your package: bookmark or share it.
              </Text>
            )}
          </Stack>
        </Card>
      </aside>
    </div>
  );
}

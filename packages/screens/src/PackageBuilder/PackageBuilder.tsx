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
import { useDeferredValue } from 'react';
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

/** The package builder: services, tiers and options from site-data, live prices in pence with VAT apart. */
export function PackageBuilder({
  items,
  onChange,
  problems = [],
  requestHref,
  shareHref,
}: PackageBuilderProps) {
  const priced = pricePackage(items);
  const itemOf = (slug: ServiceSlug) => items.find((i) => i.service === slug);
  // A ticked service's tier, billing and option fields are mounted in a render after the tick (a transition), so
  // the tick and the totals show at once (the fields cost 4× more than the rest of the change on a slow phone).
  // Their values always come from `items`: a field typed in never shows an older value.
  const mounted = useDeferredValue(items);
  const fieldsShown = (slug: ServiceSlug) => mounted.some((i) => i.service === slug);
  const update = (slug: ServiceSlug, patch: Partial<PackageItem>) =>
    onChange(items.map((i) => (i.service === slug ? { ...i, ...patch } : i)));
  return (
    <div className={css.layout}>
      <Stack gap="4">
        {problems.length > 0 && (
          <Alert tone="info" title="We corrected the package in your link">
            {problems.join(' ')}
          </Alert>
        )}
        <div className={css.services}>
          {packageServices.map((service) => {
            const offer = offerFor(service.slug)!;
            const item = itemOf(service.slug);
            return (
              <Card
                key={service.slug}
                as="section"
                title={service.title}
                titleAs="h2"
                aria-label={service.title}
              >
                <Stack gap="3">
                  <Text tone="muted">{service.summary}</Text>
                  <Checkbox
                    label={`Include ${service.title}`}
                    checked={!!item}
                    onCheckedChange={(on) =>
                      onChange(
                        on
                          ? [...items, defaultItem(service.slug)]
                          : items.filter((i) => i.service !== service.slug),
                      )
                    }
                  />
                  {item && fieldsShown(service.slug) && (
                    <div className={css.options}>
                      <Select
                        label="Tier"
                        options={offer.tiers.map((t) => ({ value: t.id, label: t.name }))}
                        value={item.tier}
                        hint={offer.tiers.find((t) => t.id === item.tier)?.summary}
                        onValueChange={(tier) => update(service.slug, { tier })}
                      />
                      {offer.billing.length > 1 && (
                        <Select
                          label="Billing"
                          options={offer.billing.map((b) => ({
                            value: b,
                            label: b === 'monthly' ? 'Monthly' : 'One-off',
                          }))}
                          value={item.billing}
                          onValueChange={(billing) => update(service.slug, { billing: billing as Billing })}
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
                                update(service.slug, { [key]: Math.min(rule.max, Math.max(rule.min, n)) });
                            }}
                          />
                        );
                      })}
                    </div>
                  )}
                </Stack>
              </Card>
            );
          })}
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

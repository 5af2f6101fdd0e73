import {
  describeLine,
  encodePackage,
  formatPence,
  pricePackage,
  type BillingTotal,
  type PackageItem,
  type PricedPackage,
} from '@pentland/site-data';

/**
 * A package from the package builder as a consultation request carries it — built once, and shown alike by the
 * request form, the stored request, the e-mails and the dashboard.
 */
export interface PackageSummary {
  /** The package's URL value (`?package=`). */
  code: string;
  items: PackageItem[];
  priced: PricedPackage;
  /** One line per service, e.g. 'Domain & Hosting — Essential, monthly, 5 mailboxes: £37.50 + VAT'. */
  lines: string[];
  /** The totals with VAT, e.g. '£45.00 a month incl. VAT, £120.00 one-off incl. VAT' (a zero total left out). */
  totals: string;
  /** The e-mails' rows: the lines, then net + VAT = gross for each total that is not zero. */
  rows: [string, string][];
  /** What a consultation request stores in its `package` column. */
  stored: { code: string; lines: string[]; monthly: BillingTotal; one_off: BillingTotal };
}

const withVat = (t: BillingTotal) =>
  `${formatPence(t.netPence)} + VAT ${formatPence(t.vatPence)} = ${formatPence(t.grossPence)}`;

/** The summary of `items`; `code` is the URL value they came from (re-encoded from the items when not given). */
export function summarizePackage(items: readonly PackageItem[], code = encodePackage(items)): PackageSummary {
  const priced = pricePackage(items);
  const lines = priced.lines.map(describeLine);
  const { monthly, oneOff } = priced;
  const totals = [
    monthly.netPence ? `${formatPence(monthly.grossPence)} a month incl. VAT` : '',
    oneOff.netPence ? `${formatPence(oneOff.grossPence)} one-off incl. VAT` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const rows: [string, string][] = [['Package', lines.join('\n')]];
  if (monthly.netPence) rows.push(['Monthly', withVat(monthly)]);
  if (oneOff.netPence) rows.push(['One-off', withVat(oneOff)]);
  return {
    code,
    items: [...items],
    priced,
    lines,
    totals,
    rows,
    stored: { code, lines, monthly, one_off: oneOff },
  };
}

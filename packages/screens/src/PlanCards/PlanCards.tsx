import { Alert, Badge, Button, ButtonLink } from '@pentland/ui';
import * as css from './PlanCards.css.ts';

export interface PlanCardItem {
  id: string;
  name: string;
  /** '£9.99'. */
  price: string;
  /** 'a month'. */
  per: string;
  /** 'Save £20.88 (17%) a year'. */
  note?: string;
  /** Drawn out (the better value). */
  featured?: boolean;
}

/** The free plan shown before the paid ones: what it includes, and a link to start. */
export interface FreePlanItem {
  name: string;
  price: string;
  per: string;
  features: readonly string[];
  /** Where to start (none for a visitor who already has an account). */
  action?: { label: string; to: string };
}

export interface PlanCardsProps {
  plans: readonly PlanCardItem[];
  /** A free plan card beside the paid ones; the list is then named 'Free and Premium plans'. */
  freePlan?: FreePlanItem;
  /** What every plan includes. */
  features: readonly string[];
  /** Starts the upgrade to a plan (sign in first when signed out: the page decides). */
  onChoose: (id: string) => void;
  /** The plan whose checkout is being opened. */
  busyPlan?: string | null;
  /** The visitor already has Premium: no upgrade buttons, a link to manage it instead. */
  current?: { label: string; managePath: string } | null;
  /**
   * The visitor's plan is still being checked ('Checking your plan…'): this line instead of the upgrade buttons,
   * so that a Premium member is never offered Premium.
   */
  checking?: string | null;
  /** Why the checkout could not start (not shown once `current` says the visitor has Premium). */
  error?: string | null;
}

/**
 * The Premium membership plans side by side, each with its price, what it includes and an Upgrade button — offered
 * only once the visitor is known not to have Premium.
 */
export function PlanCards({
  plans,
  freePlan,
  features,
  onChoose,
  busyPlan = null,
  current = null,
  checking = null,
  error = null,
}: PlanCardsProps) {
  // Upgrading is offered only to a visitor known not to have Premium.
  const offered = !current && !checking;
  return (
    <div>
      {error && !current && <Alert tone="error">{error}</Alert>}
      {checking && !current && (
        <p className={css.checking} role="status">
          {checking}
        </p>
      )}
      {current && (
        <Alert tone="success" title={current.label}>
          <ButtonLink to={current.managePath} variant="secondary">
            Manage your subscription
          </ButtonLink>
        </Alert>
      )}
      <ul className={css.list} aria-label={freePlan ? 'Free and Premium plans' : 'Premium plans'}>
        {freePlan && (
          <li className={css.card({ featured: false })}>
            <h3 className={css.name}>{freePlan.name}</h3>
            <p className={css.price}>
              {freePlan.price} <span className={css.per}>{freePlan.per}</span>
            </p>
            <ul className={css.features}>
              {freePlan.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            {freePlan.action && offered && (
              <div className={css.action}>
                <ButtonLink to={freePlan.action.to} variant="secondary" fullWidth>
                  {freePlan.action.label}
                </ButtonLink>
              </div>
            )}
          </li>
        )}
        {plans.map((plan) => (
          <li key={plan.id} className={css.card({ featured: plan.featured ?? false })}>
            <h3 className={css.name}>
              {plan.name}
              {plan.featured && <Badge tone="brand">Best value</Badge>}
            </h3>
            <p className={css.price}>
              {plan.price} <span className={css.per}>{plan.per}</span>
            </p>
            {plan.note && <p className={css.note}>{plan.note}</p>}
            <ul className={css.features}>
              {features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            {offered && (
              <div className={css.action}>
                <Button
                  variant={plan.featured ? 'primary' : 'secondary'}
                  fullWidth
                  busy={busyPlan === plan.id}
                  disabled={busyPlan !== null && busyPlan !== plan.id}
                  onClick={() => onChoose(plan.id)}
                >
                  {busyPlan === plan.id ? 'Opening checkout…' : `Upgrade to ${plan.name}`}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

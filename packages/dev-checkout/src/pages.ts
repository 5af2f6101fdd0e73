// The development checkout's pages: plain HTML, marked TEST MODE on every screen.
import type { Plan } from './plan.ts';

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);

type Obj = Record<string, unknown>;

const esc = escapeHtml;

const style = `
  *{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1a1f36;background:#f6f9fc}
  .test{background:#ffde92;color:#5c3b00;text-align:center;font-weight:700;padding:.5rem;letter-spacing:.02em}
  main{max-width:30rem;margin:2rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(26,31,54,.12)}
  h1{font-size:1.4rem;margin:0 0 .25rem}.price{font-size:2rem;font-weight:700;margin:.5rem 0}
  label{display:block;font-weight:600;margin:1rem 0 .25rem}input{width:100%;padding:.6rem .75rem;font:inherit;border:1px solid #8792a2;border-radius:6px}
  .row{display:flex;gap:1rem}.row>div{flex:1}
  button{margin-top:1.5rem;width:100%;padding:.75rem;font:inherit;font-weight:700;color:#fff;background:#0a5c4a;border:0;border-radius:6px;cursor:pointer}
  .secondary{background:#fff;color:#0a5c4a;border:2px solid #0a5c4a}
  .error{margin-top:1rem;padding:.75rem;border-radius:6px;background:#fde8e8;color:#8a1c1c;font-weight:600}
  .hint{color:#4f566b;font-size:.9rem}a{color:#0a5c4a}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
`;

// Inline, so the browser does not ask for a /favicon.ico this server does not have: a card on the pages' green.
const icon = `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0a5c4a"/><rect x="5" y="9" width="22" height="15" rx="2" fill="#fff"/><rect x="5" y="12" width="22" height="3" fill="#0a5c4a"/></svg>',
)}">`;

export function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Test mode</title>${icon}<style>${style}</style></head><body>
<div class="test" role="note">TEST MODE — development checkout. No real payment is taken; use Stripe's test cards.</div>
<main>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export function checkoutPage(
  data: {
    session: Obj;
    plan: Plan;
    priceLabel: string;
    error?: string;
    values?: { number: string; expiry: string; cvc: string; name: string };
  },
  status = 200,
): Response {
  const { session, plan, priceLabel, error, values } = data;
  return page(
    `Subscribe to ${plan.name}`,
    `<p class="hint">Pentland Cloud</p>
<h1>Subscribe to ${esc(plan.name)}</h1>
<p class="price">${esc(priceLabel)}</p>
<form method="post" action="/checkout/${esc(session.id)}/pay" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" value="${esc(session.customer_email)}" readonly>
  <label for="cardNumber">Card number</label>
  <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${esc(values?.number)}" required aria-describedby="cards-hint">
  <p id="cards-hint" class="hint">Test mode: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined. Any future date and any CVC.</p>
  <div class="row">
    <div><label for="cardExpiry">Expiry (MM / YY)</label>
    <input id="cardExpiry" name="cardExpiry" autocomplete="cc-exp" placeholder="MM / YY" value="${esc(values?.expiry)}" required></div>
    <div><label for="cardCvc">CVC</label>
    <input id="cardCvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" value="${esc(values?.cvc)}" required></div>
  </div>
  <label for="billingName">Name on card</label>
  <input id="billingName" name="billingName" autocomplete="cc-name" value="${esc(values?.name)}">
  ${error ? `<p class="error" role="alert" data-testid="card-error">${esc(error)}</p>` : ''}
  <button type="submit">Subscribe</button>
</form>
<p><a href="${esc(session.cancel_url)}">Cancel and return to Pentland Cloud</a></p>`,
    status,
  );
}

const date = (s: unknown) =>
  typeof s === 'number'
    ? new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/London',
      }).format(new Date(s * 1000))
    : '';

export function portalPage(data: {
  portal: Obj;
  subscriptions: { sub: Obj; plan: Plan | undefined }[];
}): Response {
  const { portal, subscriptions } = data;
  const live = subscriptions.filter(({ sub }) => sub.status !== 'canceled');
  const rows = live
    .map(({ sub, plan }) => {
      const end = date(
        ((sub.items as { data: { current_period_end?: number }[] }).data[0] ?? {}).current_period_end,
      );
      const ending = sub.cancel_at_period_end === true;
      return `<section aria-label="${esc(plan?.name ?? 'Subscription')}">
<h2>${esc(plan?.name ?? 'Subscription')}</h2>
<dl><dt>Status</dt><dd>${esc(sub.status)}</dd><dt>${ending ? 'Ends on' : 'Renews on'}</dt><dd>${esc(end)}</dd></dl>
<form method="post" action="/portal/${esc(portal.id)}/${ending ? 'resume' : 'cancel'}">
<input type="hidden" name="subscription" value="${esc(sub.id)}">
<button type="submit" class="${ending ? '' : 'secondary'}">${ending ? 'Renew plan' : 'Cancel plan'}</button>
</form></section>`;
    })
    .join('');
  return page(
    'Manage your subscription',
    `<p class="hint">Pentland Cloud</p><h1>Manage your subscription</h1>
${rows || '<p>You have no active subscription.</p>'}
${portal.return_url ? `<p><a href="${esc(portal.return_url)}">Return to Pentland Cloud</a></p>` : ''}`,
  );
}

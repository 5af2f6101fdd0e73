/**
 * Stripe's documented test cards (docs.stripe.com/testing) and the messages Stripe answers them with, for the
 * development checkout. Numbers that are not test cards are refused, as Stripe's test mode refuses real cards.
 */

export type CardCheck =
  { ok: true; brand: string; last4: string } | { ok: false; code: string; message: string };

const successful: Record<string, string> = {
  '4242424242424242': 'visa',
  '4000056655665556': 'visa',
  '4000008260000000': 'visa',
  '4000058260000005': 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '5200828282828210': 'mastercard',
  '5105105105105100': 'mastercard',
  '378282246310005': 'amex',
  '371449635398431': 'amex',
  '6011111111111117': 'discover',
  '6011000990139424': 'discover',
  '3056930009020004': 'diners',
  '36227206271667': 'diners',
  '3566002020360505': 'jcb',
  '6200000000000005': 'unionpay',
};

/** Declined test cards: Stripe's decline code and message. */
export const declinedCards: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'lost_card', message: 'Your card was declined.' },
  '4000000000009979': { code: 'stolen_card', message: 'Your card was declined.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  '4242424242424241': { code: 'incorrect_number', message: 'Your card number is incorrect.' },
};

export const realCardMessage =
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.';

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks a card as Stripe's test mode does: the form's fields first, then the test card's outcome. */
export function checkCard(
  input: { number: string; expiry: string; cvc: string },
  now: Date = new Date(),
): CardCheck {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || number.length < 13) {
    return { ok: false, code: 'incomplete_number', message: 'Your card number is incomplete.' };
  }
  const declined = declinedCards[number];
  if (!declined && !luhn(number))
    return { ok: false, code: 'invalid_number', message: 'Your card number is invalid.' };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!expiry)
    return { ok: false, code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) {
    return { ok: false, code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  }
  if (year < now.getUTCFullYear()) {
    return {
      ok: false,
      code: 'invalid_expiry_year_past',
      message: "Your card's expiration year is in the past.",
    };
  }
  if (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1) {
    return {
      ok: false,
      code: 'invalid_expiry_month_past',
      message: "Your card's expiration date is in the past.",
    };
  }
  const cvcLength = number.startsWith('34') || number.startsWith('37') ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) {
    return { ok: false, code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  }
  if (declined) return { ok: false, ...declined };
  const brand = successful[number];
  if (!brand) return { ok: false, code: 'card_declined', message: realCardMessage };
  return { ok: true, brand, last4: number.slice(-4) };
}

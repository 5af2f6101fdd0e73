import { checkEmail, checkText, FieldCollector, honeypotField, isFilled, type Validation } from './fields.ts';
import { checkPhone, type UkPhone } from './phone.ts';

export interface ContactMessageInput {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  subject?: unknown;
  message?: unknown;
  [honeypotField]?: unknown;
}

export type ContactField = 'name' | 'email' | 'phone' | 'subject' | 'message';
export const contactFields: readonly ContactField[] = ['name', 'email', 'phone', 'subject', 'message'];

export interface ContactMessage {
  name: string;
  email: string;
  phone: UkPhone | null;
  subject: string;
  message: string;
}

export const contactLimits = { name: 100, subject: 150, messageMin: 10, message: 5000 } as const;

export function validateContactMessage(input: ContactMessageInput): Validation<ContactMessage, ContactField> {
  const f = new FieldCollector<ContactField>();
  const name = f.take(
    'name',
    checkText(input.name, {
      label: 'Name',
      required: true,
      max: contactLimits.name,
      missing: 'Enter your name',
    }),
  );
  const email = f.take('email', checkEmail(input.email));
  const phone = f.take('phone', checkPhone(input.phone, false));
  const subject = f.take(
    'subject',
    checkText(input.subject, {
      label: 'Subject',
      required: true,
      max: contactLimits.subject,
      missing: 'Enter a subject',
    }),
  );
  const message = f.take(
    'message',
    checkText(input.message, {
      label: 'Message',
      required: true,
      min: contactLimits.messageMin,
      max: contactLimits.message,
      multiline: true,
      missing: 'Enter your message',
    }),
  );
  if (isFilled(input[honeypotField])) return { ok: false, errors: {}, spam: true };
  if (!f.ok) return { ok: false, errors: f.errors };
  return {
    ok: true,
    value: { name: name!, email: email!, phone: phone ?? null, subject: subject!, message: message! },
  };
}

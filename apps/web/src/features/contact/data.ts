import type { ContactValues } from '@pentland/screens';
import { submitForm } from '../../lib/forms.ts';

/** What submit-contact answers once it has stored the message. */
export interface ContactReceipt {
  reference: string;
  mailed: boolean;
}

/** Sends the contact form to its server function (which validates again, stores and mails). */
export const sendContactMessage = (values: ContactValues) =>
  submitForm<ContactReceipt>('submit-contact', { ...values });

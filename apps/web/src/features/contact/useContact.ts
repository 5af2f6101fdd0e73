import { validateContactMessage } from '@pentland/enquiries';
import { emptyContact, type ContactValues } from '@pentland/screens';
import { useSubmission, type FieldErrors } from '../../lib/useSubmission.ts';
import { sendContactMessage, type ContactReceipt } from './data.ts';

/** The contact form: validated with @pentland/enquiries, then sent; the receipt once it is in. */
export function useContact() {
  const form = useSubmission<ContactValues, ContactReceipt>(emptyContact);
  const { values } = form;
  const submit = () =>
    form.submit(() => {
      const check = validateContactMessage(values);
      if (!check.ok && !check.spam) return { errors: check.errors as FieldErrors };
      return { send: () => sendContactMessage(values) };
    });
  return { ...form, submit };
}

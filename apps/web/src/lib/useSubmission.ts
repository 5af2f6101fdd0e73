// The submit-then-receipt state of the public forms (consultation request, contact, E-Board entry): the values,
// the field errors and the form's message, 'sending', and the receipt once the server function has accepted it.
import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import type { Submitted } from './forms.ts';

export type FieldErrors = Record<string, string>;

/** What a sending gives back: the receipt, or field errors with the server's message (none for a local failure). */
export type Sent<R> = Submitted<R> | { ok: false; fields: FieldErrors; message?: undefined };

/**
 * What a submission does after its checks: stop with nothing to show (`null`, e.g. what the check needs could not
 * load and says so elsewhere), show field errors and send nothing, or send.
 */
export type Prepared<R> = null | { errors: FieldErrors } | { send: () => Promise<Sent<R>> };

export interface Submission<V, R> {
  values: V;
  /** Merges a change of some fields into the values. */
  change: (patch: Partial<V>) => void;
  errors: FieldErrors;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  /** The message above the form (the server's, or one the page sets); cleared by every submission. */
  formError: string | null;
  submitting: boolean;
  /** The server function's answer once it has accepted the form: the page shows the receipt instead of the form. */
  receipt: R | null;
  /** Clears the form's message, runs `prepare` (the checks), then sends and shows the receipt or the errors. */
  submit: (prepare: () => Prepared<R> | Promise<Prepared<R>>) => Promise<void>;
}

export function useSubmission<V, R>(initial: V): Submission<V, R> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [receipt, setReceipt] = useState<R | null>(null);
  const change = useCallback((patch: Partial<V>) => setValues((v) => ({ ...v, ...patch })), []);
  const submit = useCallback(async (prepare: () => Prepared<R> | Promise<Prepared<R>>) => {
    setFormError(null);
    const next = await prepare();
    if (!next) return;
    if ('errors' in next) return setErrors(next.errors);
    setErrors({});
    setSubmitting(true);
    const res = await next.send();
    setSubmitting(false);
    if (res.ok) setReceipt(res.data);
    else {
      setErrors(res.fields ?? {});
      setFormError(res.message ?? null);
    }
  }, []);
  return { values, change, errors, setErrors, formError, submitting, receipt, submit };
}

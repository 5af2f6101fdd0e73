import { useId, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Card, Stack, Text } from '@pentland/ui';
import * as css from './EnquiryForm.css.ts';

export type FormErrors = Partial<Record<string, string>>;

export interface EnquiryFormProps {
  /** Names the form for assistive technology. */
  label: string;
  submitLabel: string;
  submittingLabel: string;
  submitting?: boolean;
  /** A message for the whole form (server refused, network down, rate limit). */
  formError?: string | null;
  /** Field errors; when any, a summary lists them above the fields. */
  errors?: FormErrors;
  /** Labels of fields by name, for the summary. */
  fieldLabels?: Record<string, string>;
  honeypot: string;
  onHoneypotChange: (value: string) => void;
  onSubmit: () => void;
  children: ReactNode;
}

/** The frame every public form shares: error summary, the honeypot, the submit button with its busy label. */
export function EnquiryForm({
  label,
  submitLabel,
  submittingLabel,
  submitting,
  formError,
  errors = {},
  fieldLabels = {},
  honeypot,
  onHoneypotChange,
  onSubmit,
  children,
}: EnquiryFormProps) {
  const trapId = useId();
  const invalid = Object.entries(errors).filter(([, m]) => m);
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (!submitting) onSubmit();
      }}
    >
      <Stack gap="5">
        {formError && <Alert tone="error">{formError}</Alert>}
        {invalid.length > 0 && (
          <Alert tone="error" title="Please correct the fields marked below">
            {invalid.map(([field, message]) => `${fieldLabels[field] ?? field}: ${message}`).join(' · ')}
          </Alert>
        )}
        <div className={css.honeypot} aria-hidden="true">
          <label htmlFor={trapId}>Leave this field empty</label>
          <input
            id={trapId}
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(e) => onHoneypotChange(e.target.value)}
          />
        </div>
        {children}
        <div>
          <Button type="submit" size="large" busy={submitting}>
            {submitting ? submittingLabel : submitLabel}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

export interface SubmissionReceiptProps {
  title: string;
  reference: string;
  children?: ReactNode;
  /** False when the record was stored but an e-mail could not be sent. */
  mailed?: boolean;
  actions?: ReactNode;
}

/** What a visitor sees after sending a form: the reference to quote and what happens next. */
export function SubmissionReceipt({
  title,
  reference,
  children,
  mailed = true,
  actions,
}: SubmissionReceiptProps) {
  return (
    <Card as="section" title={title} titleAs="h2" padding="large" aria-live="polite">
      <Stack gap="4">
        <Text>
          Your reference: <span className={css.receipt}>{reference}</span>
        </Text>
        {children}
        {!mailed && (
          <Alert tone="info">
            We saved it, but our confirmation e-mail could not be sent just now; please keep your reference.
          </Alert>
        )}
        {actions}
      </Stack>
    </Card>
  );
}

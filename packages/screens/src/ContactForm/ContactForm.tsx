import * as css from '../EnquiryForm/EnquiryForm.css.ts';
import { EnquiryForm, type FormErrors } from '../EnquiryForm/index.ts';
import { TextField, Textarea } from '@pentland/ui';

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  website: string;
}

export const emptyContact: ContactValues = {
  name: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  website: '',
};

export const contactFieldLabels: Record<string, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  subject: 'Subject',
  message: 'Message',
};

export interface ContactFormProps {
  values: ContactValues;
  onChange: (patch: Partial<ContactValues>) => void;
  onSubmit: () => void;
  errors?: FormErrors;
  formError?: string | null;
  submitting?: boolean;
}

/** The contact form of /contact. */
export function ContactForm({ values, onChange, errors = {}, ...form }: ContactFormProps) {
  return (
    <EnquiryForm
      label="Contact form"
      submitLabel="Send message"
      submittingLabel="Sending message..."
      errors={errors}
      fieldLabels={contactFieldLabels}
      honeypot={values.website}
      onHoneypotChange={(website) => onChange({ website })}
      {...form}
    >
      <div className={css.two}>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          onChange={(e) => onChange({ email: e.target.value })}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          hint="Optional, a UK number"
          value={values.phone}
          error={errors.phone}
          onChange={(e) => onChange({ phone: e.target.value })}
        />
        <TextField
          label="Subject"
          name="subject"
          required
          value={values.subject}
          error={errors.subject}
          onChange={(e) => onChange({ subject: e.target.value })}
        />
      </div>
      <Textarea
        label="Message"
        name="message"
        rows={6}
        required
        value={values.message}
        error={errors.message}
        onChange={(e) => onChange({ message: e.target.value })}
      />
    </EnquiryForm>
  );
}

import { DateRangePicker, Select, TextField, Textarea } from '@pentland/ui';
import * as css from '../EnquiryForm/EnquiryForm.css.ts';
import { EnquiryForm, type FormErrors } from '../EnquiryForm/index.ts';

export interface EboardValues {
  name: string;
  email: string;
  organisation: string;
  title: string;
  message: string;
  category: string;
  displayFrom: string;
  displayUntil: string;
  website: string;
}

export const emptyEboard: EboardValues = {
  name: '',
  email: '',
  organisation: '',
  title: '',
  message: '',
  category: '',
  displayFrom: '',
  displayUntil: '',
  website: '',
};

export const eboardFieldLabels: Record<string, string> = {
  name: 'Name',
  email: 'E-mail',
  organisation: 'Organisation',
  title: 'Title',
  message: 'Message',
  category: 'Category',
  displayFrom: 'First day',
  displayUntil: 'Last day',
  image: 'Image',
};

export interface EboardSubmissionFormProps {
  values: EboardValues;
  onChange: (patch: Partial<EboardValues>) => void;
  onImageChange: (file: File | null) => void;
  imageName?: string | null;
  onSubmit: () => void;
  errors?: FormErrors;
  formError?: string | null;
  submitting?: boolean;
  categories: readonly { id: string; label: string }[];
  /** Today in the UK ('YYYY-MM-DD'), the earliest first day. */
  today: string;
}

/** The E-Board submission form of /eboard-submissions. */
export function EboardSubmissionForm({
  values,
  onChange,
  onImageChange,
  imageName,
  errors = {},
  categories,
  today,
  ...form
}: EboardSubmissionFormProps) {
  return (
    <EnquiryForm
      label="E-Board submission"
      submitLabel="Submit entry"
      submittingLabel="Submitting entry..."
      errors={errors}
      fieldLabels={eboardFieldLabels}
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
          hint="Never shown on the board"
          value={values.email}
          error={errors.email}
          onChange={(e) => onChange({ email: e.target.value })}
        />
        <TextField
          label="Organisation"
          name="organisation"
          autoComplete="organization"
          value={values.organisation}
          error={errors.organisation}
          onChange={(e) => onChange({ organisation: e.target.value })}
        />
        <Select
          label="Category"
          name="category"
          required
          placeholder="Choose a category"
          options={categories.map((c) => ({ value: c.id, label: c.label }))}
          value={values.category || undefined}
          onValueChange={(category) => onChange({ category })}
          error={errors.category}
        />
      </div>
      <TextField
        label="Title"
        name="title"
        required
        maxLength={100}
        value={values.title}
        error={errors.title}
        onChange={(e) => onChange({ title: e.target.value })}
      />
      <Textarea
        label="Message"
        name="message"
        rows={5}
        required
        hint="Up to 800 characters"
        value={values.message}
        error={errors.message}
        onChange={(e) => onChange({ message: e.target.value })}
      />
      <TextField
        label="Image"
        name="image"
        type={'file' as 'text'}
        accept="image/jpeg,image/png,image/webp"
        hint={imageName ? `Chosen: ${imageName}` : 'Optional: JPEG, PNG or WebP, up to 2 MB'}
        error={errors.image}
        onChange={(e) => onImageChange(e.target.files?.[0] ?? null)}
      />
      <DateRangePicker
        legend="When should it show?"
        fromLabel="First day"
        untilLabel="Last day"
        min={today}
        required
        value={{ from: values.displayFrom, until: values.displayUntil }}
        onChange={(r) => onChange({ displayFrom: r.from, displayUntil: r.until })}
        fromError={errors.displayFrom}
        untilError={errors.displayUntil}
      />
    </EnquiryForm>
  );
}

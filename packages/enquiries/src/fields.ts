/** Field rules every form shares: trimmed text with limits, e-mail addresses, the honeypot. */

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type Validation<T, K extends string> =
  { ok: true; value: T } | { ok: false; errors: FieldErrors<K>; spam?: boolean };

/** The honeypot's field name: hidden from people, filled in by form-filling bots. */
export const honeypotField = 'website';
export const spamMessage =
  'Your submission looks automated and was not sent. If you are a person, please e-mail or phone us instead.';

// Control characters other than tab and newlines never belong in a form field.
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return true;
  }
  return false;
}

export interface TextRule {
  label: string;
  required: boolean;
  min?: number;
  max: number;
  /** Whether line breaks are allowed (messages) or not (names, titles). */
  multiline?: boolean;
  /** The message when a required field is empty, e.g. 'Enter your name'. */
  missing?: string;
}

/** Returns the trimmed value (null when empty and optional) or an error message. */
export function checkText(raw: unknown, rule: TextRule): { value: string | null } | { error: string } {
  if (raw !== undefined && raw !== null && typeof raw !== 'string')
    return { error: `${rule.label} must be text` };
  const value = (raw ?? '').trim();
  if (value === '')
    return rule.required ? { error: rule.missing ?? `Enter ${rule.label.toLowerCase()}` } : { value: null };
  if (hasControl(value) || (!rule.multiline && /[\r\n]/.test(value)))
    return { error: `${rule.label} contains characters that are not allowed` };
  const length = [...value].length;
  if (rule.min !== undefined && length < rule.min)
    return { error: `${rule.label} must be at least ${rule.min} characters` };
  if (length > rule.max) return { error: `${rule.label} must be ${rule.max} characters or fewer` };
  return { value };
}

const EMAIL =
  /^[^\s@"<>()[\]\\,;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const emailMessages = {
  missing: 'Enter your e-mail address',
  invalid: 'Enter a valid e-mail address, like name@example.co.uk',
  tooLong: 'E-mail address must be 254 characters or fewer',
} as const;

/** A deliverable-looking address: one @, a dotted domain of letters, digits and hyphens, 254 characters at most. */
export function checkEmail(raw: unknown): { value: string } | { error: string } {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') return { error: emailMessages.invalid };
  const value = (raw ?? '').trim();
  if (value === '') return { error: emailMessages.missing };
  if (value.length > 254) return { error: emailMessages.tooLong };
  if (!EMAIL.test(value) || value.split('@')[0]!.length > 64) return { error: emailMessages.invalid };
  return { value };
}

export function isFilled(raw: unknown): boolean {
  return typeof raw === 'string' ? raw.trim() !== '' : raw !== undefined && raw !== null && raw !== false;
}

/** Collects field results into a value or the first error of each field. */
export class FieldCollector<K extends string> {
  readonly errors: FieldErrors<K> = {};

  take<T>(field: K, result: { value: T } | { error: string }): T | undefined {
    if ('error' in result) {
      this.errors[field] ??= result.error;
      return undefined;
    }
    return result.value;
  }

  fail(field: K, message: string): void {
    this.errors[field] ??= message;
  }

  get ok(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}

import { MIN_PASSWORD_LENGTH, messages } from './messages.ts';

/** The auth form's modes: signing in, signing up, and asking for a password reset. */
export const authModes = ['signin', 'signup', 'forgot'] as const;
export type AuthMode = (typeof authModes)[number];

/** The mode an address asks for (`/auth?mode=…`): one of `authModes`, or signing in for anything else or nothing. */
export const requestedAuthMode = (requested: string | null | undefined): AuthMode =>
  authModes.find((m) => m === requested) ?? 'signin';

export interface AuthFields {
  email: string;
  password: string;
  confirmPassword: string;
  fullName: string;
}

export type AuthField = keyof AuthFields;

export const emptyFields: AuthFields = { email: '', password: '', confirmPassword: '', fullName: '' };

export type ValidationRule = 'email' | 'password' | 'fullName' | 'confirmPassword';

export const isValidEmail = (f: AuthFields): boolean => f.email.length > 0 && f.email.includes('@');
export const isValidPassword = (f: AuthFields, mode: AuthMode): boolean =>
  mode === 'forgot' || f.password.length >= MIN_PASSWORD_LENGTH;
export const isValidFullName = (f: AuthFields, mode: AuthMode): boolean =>
  mode !== 'signup' || f.fullName.trim().length > 0;
export const passwordsMatch = (f: AuthFields, mode: AuthMode): boolean =>
  mode !== 'signup' || f.password === f.confirmPassword;

/** The auth form's field rules in the order they are checked; only the first failure is shown. */
export const validationRules: ReadonlyArray<{
  rule: ValidationRule;
  message: string;
  valid: (fields: AuthFields, mode: AuthMode) => boolean;
}> = [
  { rule: 'email', message: messages.invalidEmail, valid: (f) => isValidEmail(f) },
  { rule: 'password', message: messages.passwordTooShort, valid: isValidPassword },
  { rule: 'fullName', message: messages.fullNameRequired, valid: isValidFullName },
  { rule: 'confirmPassword', message: messages.passwordsDoNotMatch, valid: passwordsMatch },
];

/** The first failing rule's message, or null when the form may be submitted. */
export function validateAuthForm(fields: AuthFields, mode: AuthMode): string | null {
  for (const { message, valid } of validationRules) if (!valid(fields, mode)) return message;
  return null;
}

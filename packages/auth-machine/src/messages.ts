/** Every user-facing text of the auth flows, verbatim from the spec. */
export const messages = {
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  fullNameRequired: 'Please enter your full name',
  passwordsDoNotMatch: 'Passwords do not match',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  signedIn: 'Successfully signed in!',
  signedUp: 'Account created successfully! Please check your email for verification.',
  resetSent: 'Password reset email sent! Please check your inbox.',
  signingIn: 'Signing in...',
  creatingAccount: 'Creating account...',
  sendingReset: 'Sending reset email...',
  callbackLoadingTitle: 'Processing Authentication',
  callbackErrorTitle: 'Authentication Failed',
  noAuthorizationCode: 'No authorization code received',
  sessionFailed: 'Failed to establish session',
  socialSignedIn: 'Successfully signed in with the social provider!',
  authenticationIncomplete: 'Authentication incomplete',
  authenticationFailed: 'Authentication failed. Please try again.',
  tryAgain: 'Try Again',
  cancel: 'Cancel',
  checkingAuthentication: 'Checking authentication...',
  authenticationRequired: 'Authentication Required',
  checkingPermissions: 'Checking permissions...',
  adminAccessRequired: 'Admin Access Required',
  accessDenied: 'Access Denied',
  noAdminPrivileges: "You don't have administrator privileges to access this area.",
  contactAdministrator: 'Contact the system administrator to request admin access.',
  returnToHomepage: 'Return to Homepage',
  useAuthOutsideProvider: 'useAuth must be used within an AuthProvider',
} as const;

/** Title of the callback screen on success. */
export const callbackSuccessTitle = (brand: string): string => `Welcome to ${brand}!`;

/** Shown while the browser is sent to the social provider. */
export const socialRedirecting = (provider: string): string => `Redirecting to ${provider}...`;

/** Social sign-in failed with a message from the service. */
export const socialFailed = (provider: string, message: string): string =>
  `${provider} sign in failed: ${message}. Please try again or use email/password.`;

/** Social sign-in threw. */
export const socialException = (provider: string): string =>
  `${provider} sign in failed. Please try again or use email/password.`;

/** Label of the social button. */
export const continueWith = (provider: string): string => `Continue with ${provider}`;

export const MIN_PASSWORD_LENGTH = 6;
export const AUTH_REDIRECT_KEY = 'auth_redirect';
export const DEFAULT_AFTER_LOGIN = '/welcome';
export const AUTH_PATH = '/auth';
export const HOME_PATH = '/';

/** Named delays (ms); override through `machine.provide({ delays })`. */
export type AuthDelays = { [K in keyof typeof DEFAULT_DELAYS]: number };

export const DEFAULT_DELAYS = {
  signInRedirect: 1000,
  callbackSuccessRedirect: 2000,
  callbackErrorRedirect: 3000,
  pendingSessionWait: 1000,
  passwordUpdatedRedirect: 2000,
} as const;

/**
 * The texts of the reset-password page (/auth/reset-password). The spec names the page but not its words;
 * the validation texts are the auth form's.
 */
export const passwordUpdateMessages = {
  title: 'Set a new password',
  checking: 'Checking your reset link...',
  linkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  noLink:
    'To choose a new password, open the link in the password reset e-mail we sent you. No e-mail, or has its link expired? Request a new one.',
  updating: 'Updating password...',
  submit: 'Update password',
  updated: 'Your password has been updated. Taking you to your dashboard...',
} as const;

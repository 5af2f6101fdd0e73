/** Account deletion: what the user types to confirm and what the delete-account function accepts. */
export const deletionMessages = {
  confirmationLabel: 'Type your e-mail address to confirm',
  confirmationMismatch: 'Type your e-mail address exactly as shown to confirm.',
  keepArticlesLabel: 'Keep my published articles on the site without my name',
  deleting: 'Deleting your account...',
  deleted: 'Your account and everything in it have been deleted.',
  subscriptionActive:
    'Your premium subscription is still active. Cancel it first, so that you are not charged again, then delete your account.',
  insufficientAal: 'Enter the code from your authenticator app first.',
  failed: 'Your account could not be deleted. Nothing was removed; please try again.',
} as const;

/** The typed confirmation matches the account's e-mail address (spaces around it and letter case do not matter). */
export function deletionConfirmed(typed: string, email: string | null | undefined): boolean {
  const address = (email ?? '').trim().toLowerCase();
  return address.length > 0 && typed.trim().toLowerCase() === address;
}

export interface DeleteAccountRequest {
  confirmation: string;
  keepArticles: boolean;
}

/** The function's request body: `{ confirmation: string, keepArticles?: boolean }` — who is deleted is never in it. */
export function parseDeleteAccountRequest(
  body: unknown,
): { ok: true; value: DeleteAccountRequest } | { ok: false; message: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, message: 'The request body must be a JSON object' };
  const { confirmation, keepArticles } = body as Record<string, unknown>;
  if (typeof confirmation !== 'string' || confirmation.length > 320)
    return { ok: false, message: deletionMessages.confirmationMismatch };
  if (keepArticles !== undefined && typeof keepArticles !== 'boolean')
    return { ok: false, message: 'keepArticles must be true or false' };
  return { ok: true, value: { confirmation, keepArticles: keepArticles ?? false } };
}

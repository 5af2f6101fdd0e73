/** The outcome of a one-step action on the profile (save, link, download…), as a section shows it. */
export type ActionState =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'success'; message: string }
  | { status: 'error'; message: string };

export const idle: ActionState = { status: 'idle' };

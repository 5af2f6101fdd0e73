// One module per hook, so an app's bundles take only the machines their hooks use.
export * from './useAuthForm.js';
export * from './useAuthCallback.js';
export * from './useSession.js';
export * from './guards.js';
export * from './usePremium.js';
export * from './usePasswordUpdate.js';
export * from './useAccount.js';

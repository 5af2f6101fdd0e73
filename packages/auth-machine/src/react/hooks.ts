// One module per hook, so an app's bundles take only the machines their hooks use.
export * from './useAuthForm.ts';
export * from './useAuthCallback.ts';
export * from './useSession.ts';
export * from './guards.ts';
export * from './usePremium.ts';
export * from './usePasswordUpdate.ts';
export * from './useAccount.ts';

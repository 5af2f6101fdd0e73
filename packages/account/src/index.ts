export * from './profile.ts';
export * from './avatar.ts';
export * from './identities.ts';
export * from './deletion.ts';
export * from './dataExport.ts';

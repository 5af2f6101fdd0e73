export * from './profile.js';
export * from './avatar.js';
export * from './identities.js';
export * from './deletion.js';
export * from './dataExport.js';

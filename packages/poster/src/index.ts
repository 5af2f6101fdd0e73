export * from './document.js';
export * from './layers.js';
export * from './editor.js';
export * from './snap.js';
export * from './serialize.js';
export * from './qr.js';
export * from './templates.js';

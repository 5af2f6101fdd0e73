export { startBackend, type RunningBackend } from './server.js';
export { loadConfig, resolveConfig, keysFor, DEMO_JWT_SECRET, type BackendConfig } from './config.js';
export { openDatabase, withRequestRole, type Database, type Sql } from './db.js';
export { signJwt, verifyJwt, type Claims } from './jwt.js';
export { setupDatabase } from './platform.js';

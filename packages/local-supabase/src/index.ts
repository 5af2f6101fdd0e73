export { startBackend, type RunningBackend } from './server.js';
export { loadConfig, resolveConfig, keysFor, DEMO_JWT_SECRET, type BackendConfig } from './config.js';
export { openDatabase, withRequestRole, type Database, type Sql } from './db.js';
export { createJwtVerifier, JwtError, signJwt, verifyJwt, type Claims, type JwtVerifier } from './jwt.js';
export { readJson, parseJson, InvalidJson } from './body.js';
export { requestClaims, requestToken, verifierFor } from './http.js';
export { setupDatabase } from './platform.js';
export type { CaughtMessage } from './mail/index.js';

export { startBackend, type RunningBackend } from './server.ts';
export { loadConfig, resolveConfig, keysFor, DEMO_JWT_SECRET, type BackendConfig } from './config.ts';
export { openDatabase, withRequestRole, type Database, type Sql } from './db.ts';
export { createJwtVerifier, JwtError, signJwt, verifyJwt, type Claims, type JwtVerifier } from './jwt.ts';
export { readJson, parseJson, InvalidJson } from './body.ts';
export { requestClaims, requestToken, verifierFor } from './http.ts';
export { setupDatabase } from './platform.ts';
export { testSetupCache } from './setupCache.ts';
export type { CaughtMessage } from './mail/index.ts';

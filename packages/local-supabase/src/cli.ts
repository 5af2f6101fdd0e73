#!/usr/bin/env node
/** Starts the local backend from environment variables, like `supabase start`, and prints how to reach it. */
import { loadConfig, UnsafeConfigError } from './config.ts';
import { startBackend } from './server.ts';

let backend: Awaited<ReturnType<typeof startBackend>>;
try {
  backend = await startBackend(loadConfig(process.env));
} catch (err) {
  // An unsafe configuration is refused with its one-line reason, not a stack trace.
  if (!(err instanceof UnsafeConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const lines = [
  `local-supabase (${backend.db.engine}) is running.`,
  `         API URL: ${backend.url}`,
  `     GraphQL URL: (not served)`,
  `        anon key: ${backend.anonKey}`,
  `service_role key: ${backend.serviceRoleKey}`,
  `      JWT secret: ${backend.config.jwtSecret === 'super-secret-jwt-token-with-at-least-32-characters-long' ? '(Supabase CLI demo secret)' : '(from JWT_SECRET)'}`,
  `        Data dir: ${backend.config.databaseUrl ? `PostgreSQL ${backend.config.databaseUrl.replace(/\/\/[^@]*@/, '//***@')} + objects in ${backend.dataDir}` : backend.dataDir}`,
  `     Project dir: ${backend.config.projectDir}`,
  `    Mail catcher: ${backend.mailUrl || '(off: mail goes out over SMTP)'}`,
];
console.log(lines.join('\n'));

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void backend.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

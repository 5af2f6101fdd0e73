import { loadConfig } from './config.js';
import { startBackend } from './server.js';

const config = loadConfig();
const backend = await startBackend(config);
const engine = backend.db.engine === 'pglite' ? `PGlite, data in ${backend.dataDir}` : 'PostgreSQL (DATABASE_URL)';
console.log(`local-supabase is running (${engine})

  API URL:          ${backend.url}
  anon key:         ${backend.anonKey}
  service_role key: ${backend.serviceRoleKey}
  Mail catcher:     ${backend.mailUrl}
  Project folder:   ${backend.config.projectDir}
  Stored objects:   ${backend.dataDir}/storage
`);
const stop = () => {
  void backend.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/**
 * config.toml's `[db.vault]` (Supabase CLI): `name = "value"` or `name = "env(VAR)"`, each written to the Vault at
 * start (created, or updated when it differs), so SQL — a pg_cron job calling a function through pg_net — reads
 * the project's URL and keys as it would on hosted Supabase. `env(VAR)` is what a server function reads as VAR
 * (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, the function environment), else the process
 * environment; a variable set in neither leaves its secret out, with a warning.
 */
import type { Database } from './db.ts';

export async function writeVaultSecrets(
  db: Database,
  toml: Record<string, unknown>,
  env: Record<string, string | undefined>,
): Promise<string[]> {
  const section = ((toml.db as Record<string, unknown> | undefined)?.vault ?? {}) as Record<string, unknown>;
  const written: string[] = [];
  for (const [name, raw] of Object.entries(section)) {
    if (typeof raw !== 'string') continue;
    const ref = /^env\((\w+)\)$/.exec(raw.trim());
    const value = ref ? (env[ref[1]!] ?? process.env[ref[1]!]) : raw;
    if (value === undefined) {
      console.warn(`[local-supabase] [db.vault] ${name}: ${ref![1]} is not set; the secret is left out.`);
      continue;
    }
    const had = (
      await db.query<{ id: string; secret: string | null }>(
        `select id::text as id, decrypted_secret as secret from vault.decrypted_secrets where name = $1`,
        [name],
      )
    ).rows[0];
    if (!had) await db.query(`select vault.create_secret($1, $2)`, [value, name]);
    else if (had.secret !== value)
      await db.query(`select vault.update_secret($1::uuid, $2)`, [had.id, value]);
    written.push(name);
  }
  return written;
}

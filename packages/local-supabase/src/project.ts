import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

/** The `[api]` section of a Supabase CLI `config.toml`, as the local PostgREST uses it. */
export interface ApiSettings {
  /** Schemas served through `Accept-Profile` / `Content-Profile`; the first is the default. */
  schemas: string[];
  extraSearchPath: string[];
  /** Most rows any read answers at each level (PostgREST's `db-max-rows`; the CLI's default 1000); null: none. */
  maxRows: number | null;
}

export interface ProjectConfig {
  api: ApiSettings;
  /** The whole file, for sections other parts read. */
  toml: Record<string, unknown>;
}

const strings = (v: unknown, fallback: string[]): string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string') ? (v as string[]) : fallback;

/** Reads `<projectDir>/config.toml` (Supabase CLI layout); a missing file gives the CLI's defaults. */
export function readProjectConfig(projectDir: string): ProjectConfig {
  const file = path.join(projectDir, 'config.toml');
  const toml = existsSync(file) ? (parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const api = (toml.api ?? {}) as Record<string, unknown>;
  const maxRows = api.max_rows ?? 1000;
  return {
    toml,
    api: {
      schemas: strings(api.schemas, ['public', 'graphql_public']),
      extraSearchPath: strings(api.extra_search_path, ['public', 'extensions']),
      maxRows: typeof maxRows === 'number' && Number.isInteger(maxRows) && maxRows > 0 ? maxRows : null,
    },
  };
}

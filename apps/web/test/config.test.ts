import { describe, expect, it } from 'vitest';
import { administratorEmails } from '@pentland/site-data';
import { readAdminEmails, readBackendConfig } from '../src/config.ts';

const url = 'http://127.0.0.1:54321';
const key = 'anon-key';

describe('readBackendConfig', () => {
  it('returns the backend URL and anon key', () => {
    expect(readBackendConfig({ VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: key })).toEqual({
      supabaseUrl: url,
      supabaseAnonKey: key,
    });
  });

  it('names each missing variable', () => {
    expect(() => readBackendConfig({})).toThrow(
      'Missing backend configuration: VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY must be set.',
    );
    expect(() => readBackendConfig({ VITE_SUPABASE_URL: url })).toThrow(
      'Missing backend configuration: VITE_SUPABASE_ANON_KEY must be set.',
    );
    expect(() => readBackendConfig({ VITE_SUPABASE_ANON_KEY: key, VITE_SUPABASE_URL: '  ' })).toThrow(
      'Missing backend configuration: VITE_SUPABASE_URL must be set.',
    );
  });
});

describe('readAdminEmails', () => {
  it('uses the configured list when one is set', () => {
    expect(readAdminEmails({ VITE_ADMIN_EMAILS: 'Boss@Example.test, ops@example.test' })).toEqual([
      'boss@example.test',
      'ops@example.test',
    ]);
  });

  it("falls back to site-data's four administrator addresses", () => {
    expect(readAdminEmails({})).toEqual(administratorEmails);
    expect(readAdminEmails({ VITE_ADMIN_EMAILS: ' , ' })).toEqual(administratorEmails);
  });
});

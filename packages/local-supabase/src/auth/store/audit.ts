import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db.ts';
import { INSTANCE_ID } from './users.ts';

export interface AuditActor {
  id: string;
  email?: string | null;
}

/** auth.audit_log_entries, written in the same transaction as what it records (as GoTrue does). */
export class Audit {
  constructor(private readonly sql: Sql) {}

  async log(
    action: string,
    actor: AuditActor | null,
    traits: Record<string, unknown> = {},
    ip = '',
  ): Promise<void> {
    const payload = {
      action,
      actor_id: actor?.id ?? INSTANCE_ID,
      actor_username: actor?.email ?? '',
      actor_via_sso: false,
      log_type:
        action === 'login' || action === 'logout' ? 'account' : action.startsWith('user_') ? 'user' : 'token',
      traits,
    };
    await this.sql.query(
      'insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address) values ($1, $2, $3::json, now(), $4)',
      [INSTANCE_ID, randomUUID(), JSON.stringify(payload), ip.slice(0, 64)],
    );
  }
}

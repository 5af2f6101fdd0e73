/**
 * The auth schema's store: one typed class per entity over one connection. `transaction` gives a store whose every
 * query runs in one database transaction; the root store refuses queries made from inside a transaction's callback,
 * which on PGlite (one connection) would otherwise wait for the transaction forever.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Sql } from '../../db.ts';
import { Audit } from './audit.ts';
import { Factors } from './factors.ts';
import { FlowStates } from './flowState.ts';
import { OAuthAuthorizations } from './oauthAuthorizations.ts';
import { OAuthClients } from './oauthClients.ts';
import { OAuthConsents } from './oauthConsents.ts';
import { Passkeys } from './passkeys.ts';
import { Identities } from './identities.ts';
import { OneTimeTokens } from './oneTimeTokens.ts';
import { RefreshTokens } from './refreshTokens.ts';
import { Sessions } from './sessions.ts';
import { Users } from './users.ts';

export type { AuditActor } from './audit.ts';
export { INSTANCE_ID, isUuid, type NewUser } from './users.ts';
export * from './rows.ts';

/** What the store needs of the database: queries and transactions. */
export type AuthDatabase = Pick<Database, 'query' | 'transaction'>;

const insideTransaction = new AsyncLocalStorage<boolean>();

/**
 * Thrown inside a transaction to commit what it wrote and still fail the request (GoTrue's NewCommitWithError):
 * e.g. a reused refresh token revokes its session, and the request is refused.
 */
export class CommitThenFail extends Error {
  constructor(readonly error: Error) {
    super(error.message);
  }
}

export class Store {
  readonly users: Users;
  readonly identities: Identities;
  readonly sessions: Sessions;
  readonly refreshTokens: RefreshTokens;
  readonly factors: Factors;
  readonly flowStates: FlowStates;
  readonly oneTimeTokens: OneTimeTokens;
  readonly audit: Audit;
  readonly oauthClients: OAuthClients;
  readonly oauthAuthorizations: OAuthAuthorizations;
  readonly oauthConsents: OAuthConsents;
  readonly passkeys: Passkeys;

  private constructor(
    sql: Sql,
    private readonly db: AuthDatabase | null,
  ) {
    this.users = new Users(sql);
    this.identities = new Identities(sql);
    this.sessions = new Sessions(sql);
    this.refreshTokens = new RefreshTokens(sql);
    this.factors = new Factors(sql);
    this.flowStates = new FlowStates(sql);
    this.oneTimeTokens = new OneTimeTokens(sql);
    this.audit = new Audit(sql);
    this.oauthClients = new OAuthClients(sql);
    this.oauthAuthorizations = new OAuthAuthorizations(sql);
    this.oauthConsents = new OAuthConsents(sql);
    this.passkeys = new Passkeys(sql);
  }

  static open(db: AuthDatabase): Store {
    const guarded: Sql = {
      query(text, params) {
        if (insideTransaction.getStore())
          throw new Error('auth store: a query outside the transaction it was made in');
        return db.query(text, params);
      },
    };
    return new Store(guarded, db);
  }

  /** Runs fn with a store whose writes commit together, or not at all. A store already in one joins it. */
  async transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    if (!this.db) return fn(this);
    let failure: Error | null = null;
    const out = await this.db.transaction((sql) =>
      insideTransaction.run(true, async () => {
        try {
          return await fn(new Store(sql, null));
        } catch (e) {
          if (!(e instanceof CommitThenFail)) throw e;
          failure = e.error;
          return undefined as T;
        }
      }),
    );
    if (failure) throw failure;
    return out;
  }
}

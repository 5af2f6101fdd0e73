/** Rows of the auth schema as both engines return them (timestamptz and timestamp as Date, jsonb as objects). */

export type Json = Record<string, unknown>;

export interface UserRow {
  instance_id: string | null;
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  banned_until: Date | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  is_sso_user: boolean;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

export type Aal = 'aal1' | 'aal2' | 'aal3';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date | null;
  updated_at: Date | null;
  factor_id: string | null;
  aal: Aal | null;
  not_after: Date | null;
  refreshed_at: Date | null;
  user_agent: string | null;
  /** The OAuth client the session was issued to (the OAuth 2.1 server's code grant), else null. */
  oauth_client_id: string | null;
  /** The scopes granted to that client, space-separated. */
  scopes: string | null;
}

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string;
  created_at: Date | null;
  updated_at: Date | null;
}

export type FactorStatus = 'unverified' | 'verified';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'webauthn' | 'phone';
  status: FactorStatus;
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  last_challenged_at: Date | null;
  /** A verified WebAuthn factor's credential: id (base64url), public key (base64url COSE), counter, transports. */
  web_authn_credential: { id: string; publicKey: string; counter: number; transports?: string[] } | null;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  /** A WebAuthn factor's ceremony: its kind and challenge. */
  web_authn_session_data: { type: 'create' | 'request'; challenge: string } | null;
}

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: 's256' | 'plain';
  code_challenge: string;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  created_at: Date | null;
  updated_at: Date | null;
  authentication_method: string;
  auth_code_issued_at: Date | null;
}

export type TokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token';

export interface OneTimeTokenRow {
  id: string;
  user_id: string;
  token_type: TokenType;
  token_hash: string;
  relates_to: string;
  created_at: Date;
}

export interface AmrClaimRow {
  session_id: string;
  authentication_method: string;
  created_at: Date;
  updated_at: Date;
}

/** auth.oauth_clients: lists are stored comma-separated, as GoTrue stores them. */
export interface OAuthClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: 'dynamic' | 'manual';
  client_type: 'public' | 'confidential';
  token_endpoint_auth_method: 'none' | 'client_secret_basic' | 'client_secret_post';
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/** auth.webauthn_credentials: a user's passkeys. */
export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: Uint8Array;
  public_key: Uint8Array;
  attestation_type: string;
  aaguid: string | null;
  sign_count: string | number;
  transports: string[];
  backup_eligible: boolean;
  backed_up: boolean;
  friendly_name: string;
  created_at: Date;
  updated_at: Date;
  last_used_at: Date | null;
}

/** auth.webauthn_challenges: one pending ceremony (its challenge in session_data). */
export interface WebAuthnChallengeRow {
  id: string;
  user_id: string | null;
  challenge_type: 'signup' | 'registration' | 'authentication';
  session_data: { challenge: string };
  created_at: Date;
  expires_at: Date;
}

export type OAuthAuthorizationStatus = 'pending' | 'approved' | 'denied' | 'expired';

/** auth.oauth_authorizations: one authorization request of a client, until its code is exchanged. */
export interface OAuthAuthorizationRow {
  id: string;
  /** The random id the consent page is given (not the row's primary key). */
  authorization_id: string;
  client_id: string;
  user_id: string | null;
  redirect_uri: string;
  scope: string;
  state: string | null;
  resource: string | null;
  code_challenge: string | null;
  code_challenge_method: 's256' | 'plain' | null;
  response_type: 'code';
  status: OAuthAuthorizationStatus;
  authorization_code: string | null;
  created_at: Date;
  expires_at: Date;
  approved_at: Date | null;
  nonce: string | null;
}

/** auth.oauth_consents: what a user granted a client (scopes space-separated); revoked ones are kept, marked. */
export interface OAuthConsentRow {
  id: string;
  user_id: string;
  client_id: string;
  scopes: string;
  granted_at: Date;
  revoked_at: Date | null;
}

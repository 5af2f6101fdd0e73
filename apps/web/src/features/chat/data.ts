import type { ChatTurn } from '@pentland/chat';
import { readBackendConfig } from '../../config.ts';

/**
 * Asks the `chat` server function (as the anonymous public) with the conversation so far; its answer streams back
 * as server-sent events.
 */
export function askChat(messages: ChatTurn[], signal: AbortSignal): Promise<Response> {
  const { supabaseUrl, supabaseAnonKey } = readBackendConfig(import.meta.env);
  return fetch(`${supabaseUrl}/functions/v1/chat`, {
    method: 'POST',
    headers: {
      apikey: supabaseAnonKey,
      Authorization: `Bearer ${supabaseAnonKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ messages }),
    signal,
  });
}

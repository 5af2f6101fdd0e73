// GET /functions/v1/health → { status: 'ok', time }. Runs unchanged on Supabase Edge (Deno) and locally (Node).
import { reply, serve } from '../_shared/http.ts';

serve(async (): Promise<Response> => reply({ status: 'ok', time: new Date().toISOString() }));

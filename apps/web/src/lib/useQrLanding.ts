// Every page a poster's QR code may lead to (@pentland/poster's qrLandings: /qr-welcome, /eboard-welcome,
// /seaforth-darts-welcome) records its scan here, through this one hook: a landing page calls useQrLanding(itself).
import { useEffect } from 'react';
import { readScanVisit, type QrLanding } from '@pentland/poster/qr';
import { readBackendConfig } from '../config.ts';

const VISITOR_KEY = 'pentland_visitor';

/**
 * A random id for this browser, so the database can tell a second scan by the same person from a new visitor.
 * It is only ever stored hashed (with a secret salt and the poster id) and never linked to an account.
 */
function visitorId(): string | null {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

/**
 * Records a QR scan of a landing page when the URL carries a well-formed poster id; otherwise does nothing.
 * It runs after the page is shown, sends one POST that the browser completes even if the visitor leaves, and
 * ignores every failure: the page never waits for it and never fails because of it. Whether the poster exists,
 * the de-duplication and the rate limit are `record_poster_scan()`'s to decide.
 */
function recordScan(landing: QrLanding, search: string): void {
  const visit = readScanVisit(search);
  if (!visit.posterId) return;
  let url: string;
  let key: string;
  try {
    ({ supabaseUrl: url, supabaseAnonKey: key } = readBackendConfig(import.meta.env));
  } catch {
    return;
  }
  const body = JSON.stringify({
    poster_id: visit.posterId,
    landing,
    visitor: visitorId(),
    source: visit.utmSource,
    referrer: document.referrer ? document.referrer.slice(0, 500) : null,
    user_agent: navigator.userAgent.slice(0, 500),
  });
  const send = () =>
    fetch(`${url}/rest/v1/rpc/record_poster_scan`, {
      method: 'POST',
      keepalive: true,
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body,
    }).catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void send(), { timeout: 2000 });
  else setTimeout(() => void send(), 0);
}

/**
 * A QR landing page's scan: once per page view, after the page shows, when its URL carries a well-formed poster id
 * (`?poster=…`); the page's other query parameters (e.g. the E-Board's `display=1`) change nothing.
 */
export function useQrLanding(landing: QrLanding): void {
  useEffect(() => {
    // The address as the page shows (effects run only in the browser, after a navigation has updated it): no router
    // needed, so a landing page served as islands records its scan without one.
    recordScan(landing, window.location.search);
    // Once per page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

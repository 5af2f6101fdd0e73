import { useMemo } from 'react';
import { siteUrl } from '@pentland/site-data';
import { isPosterId, trackingUrl } from '@pentland/poster/qr';
import { qrMatrix } from '@pentland/poster-canvas/qr';
import { EboardBoard, EboardDisplay } from '@pentland/screens';
import { useBoard } from './useBoard.ts';
import type { ScheduledBoardEntry } from './data.ts';
import { servedBoard } from './servedBoard.ts';
import { useDisplayWorker } from './useDisplayWorker.ts';
import { useDisplayHeartbeat } from './useDisplayHeartbeat.ts';
import { useAddressQuery } from '../../lib/addressQuery.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { useServedData } from '../../lib/servedData.ts';
import { useQrLanding } from '../../lib/useQrLanding.ts';
import { loadSupabase } from '../../lib/supabase.ts';

// The display reads its board as soon as it starts: supabase-js loads with the page's code, not after hydration, so
// that a read the backend refuses marks the screen offline sooner (and a good one shows the board sooner).
if (typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('display') === '1')
  void loadSupabase();

/** The display mode runs on the E-Board screen: each entry for this long. */
const slideMs = 12_000;

/** The board, from the one the server rendered the page with when it did (then read again and kept live). */
function Board({ served }: { served: ScheduledBoardEntry[] | null }) {
  const { state, entries } = useBoard({ served });
  return <EboardBoard state={state} entries={entries} />;
}

/** The display's QR code reports this `utm_source`, so its scans count apart from the printed posters'. */
const displayScanSource = 'eboard-display';

/**
 * Where the display's QR code leads: the submission form, tracked as a scan of the poster the screen is set up with
 * (`?display=1&qr=<poster id>`); with no such id, or a malformed one, the form untracked (the default display).
 */
function displayQrUrl(qr: string | null): string {
  const origin = window.location.origin;
  if (isPosterId(qr))
    return trackingUrl({ origin, landing: '/eboard-submissions', posterId: qr, source: displayScanSource });
  return `${origin}/eboard-submissions?utm_source=${displayScanSource}&utm_medium=qr`;
}

function Display({ qr, displayKey }: { qr: string | null; displayKey: string | null }) {
  const qrCode = useMemo(() => qrMatrix(displayQrUrl(qr)), [qr]);
  const { entries, online, fresh, offlineNote, lastRead } = useBoard({ stored: true });
  useDisplayWorker(entries, lastRead);
  useDisplayHeartbeat(displayKey, entries);
  return (
    <EboardDisplay
      entries={entries}
      spotlightId={fresh}
      intervalMs={slideMs}
      status={online ? 'Live' : 'Reconnecting…'}
      offlineNote={offlineNote}
      qrCode={qrCode}
      submitUrl={`${siteUrl.replace(/^https?:\/\//, '')}/eboard-submissions`}
    />
  );
}

/**
 * The board on /eboard-welcome (as served with the page, then read again and kept live), and the visit's scan when a
 * poster's QR code led here; with `?display=1`, the full-screen display for the E-Board screen itself, over the page.
 * The part of /eboard-welcome that runs (an island there).
 */
export default function EboardWelcomeIsland() {
  useQrLanding('/eboard-welcome');
  const query = useAddressQuery();
  const client = useHydrated();
  const served = useServedData(servedBoard);
  if (query?.get('display') === '1') return <Display qr={query.get('qr')} displayKey={query.get('key')} />;
  // Served with its board: the same board from the first render; otherwise it loads once the page runs.
  return served || client ? <Board served={served} /> : <EboardBoard state="loading" entries={[]} />;
}

import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { siteUrl } from '@pentland/site-data';
import { isPosterId, trackingUrl } from '@pentland/poster/qr';
import { qrMatrix } from '@pentland/poster-canvas/qr';
import { ButtonLink, Inline, PageHeader, Section, Stack, Text } from '@pentland/ui';
import { EboardBoard, EboardDisplay } from '@pentland/screens';
import { useBoard } from './useBoard.ts';
import type { ScheduledBoardEntry } from './data.ts';
import { servedBoard } from './servedBoard.ts';
import { useDisplayWorker } from './useDisplayWorker.ts';
import { useDisplayHeartbeat } from './useDisplayHeartbeat.ts';
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
 * /eboard-welcome: where the E-Board's QR code leads (a poster's `?poster=…` visit is recorded as its scan, as on
 * every QR landing page); ?display=1 is the full-screen mode for the screen itself.
 */
export default function EboardWelcomePage() {
  useQrLanding('/eboard-welcome');
  const [params] = useSearchParams();
  const client = useHydrated();
  const served = useServedData(servedBoard);
  if (client && params.get('display') === '1')
    return <Display qr={params.get('qr')} displayKey={params.get('key')} />;
  return (
    <>
      <PageHeader
        title="Welcome to the E-Board"
        lead="The E-Board is Pentland Cloud’s community screen in Thurso: local notices, events, clubs and jobs, free to submit and checked by our team."
        actions={
          <Inline gap="3">
            <ButtonLink to="/eboard-submissions" variant="accent">
              Submit an entry
            </ButtonLink>
            <ButtonLink to="/eboard-welcome?display=1" variant="secondary">
              Full-screen display
            </ButtonLink>
          </Inline>
        }
      />
      <Section title="On the board now" id="on-the-board">
        <Stack gap="4">
          {/* Served with its board: the same board from the first render; otherwise it loads once the app runs. */}
          {served || client ? <Board served={served} /> : <EboardBoard state="loading" entries={[]} />}
        </Stack>
      </Section>
      <Section tone="muted" title="How to submit an entry" id="how-to-submit">
        <Text>
          Fill in the short form with your notice, the dates it should show and an optional picture. We check
          every entry, usually within one working day, and e-mail you when it is approved — or why not.
        </Text>
      </Section>
    </>
  );
}

import type { QrLanding } from '@pentland/poster/qr';
import { useQrLanding } from '../../lib/useQrLanding.ts';

/**
 * Records the visit of a QR landing page as a scan (`useQrLanding`) and shows nothing: on a landing page served as
 * islands, the one thing that runs besides the navigation and the footer.
 */
export default function ScanIsland({ landing }: { landing: QrLanding }) {
  useQrLanding(landing);
  return null;
}

/** The TOTP enrolment QR code as SVG (supabase-js prefixes it with `data:image/svg+xml;utf-8,`). */
import QRCode from 'qrcode';

export async function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

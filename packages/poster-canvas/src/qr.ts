import QRCode from 'qrcode';

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** Row-major, true = dark. */
  dark: (row: number, col: number) => boolean;
}

/** Modules of the quiet zone on each side (ISO/IEC 18004 asks for four). */
export const QR_QUIET_ZONE = 4;

/** The QR code for `text` at error correction level M (15 % of the code may be damaged or covered). */
export function qrMatrix(text: string): QrMatrix {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  return { size, dark: (row, col) => data[row * size + col] === 1 };
}

/**
 * Draws a QR code filling a `side` × `side` square at the origin (quiet zone included) on a 2D context: the
 * background, then each dark module as a rectangle, so it stays sharp at any resolution.
 */
export function drawQr(
  ctx: CanvasRenderingContext2D,
  matrix: QrMatrix,
  side: number,
  colors: { color: string; background: string },
): void {
  const total = matrix.size + QR_QUIET_ZONE * 2;
  const m = side / total;
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, side, side);
  ctx.fillStyle = colors.color;
  ctx.beginPath();
  for (let r = 0; r < matrix.size; r++)
    for (let c = 0; c < matrix.size; c++)
      if (matrix.dark(r, c)) ctx.rect((c + QR_QUIET_ZONE) * m, (r + QR_QUIET_ZONE) * m, m + 0.001, m + 0.001);
  ctx.fill();
}

export { PosterStage, type PosterStageProps } from './PosterStage.js';
export {
  drawPoster,
  layerNode,
  textLines,
  canvasMeasure,
  type PosterAssets,
  type TextLine,
} from './render.js';
export { exportPng, exportPdf, vectorTextLayers, withPngDpi, PRINT_DPI } from './export.js';
export { qrMatrix, drawQr, QR_QUIET_ZONE, type QrMatrix } from './qr.js';
export { loadPosterFonts, fontFiles, CANVAS_FAMILY } from './fonts.js';

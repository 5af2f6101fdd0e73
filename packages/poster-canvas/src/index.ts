export { PosterStage, type PosterStageProps } from './PosterStage.tsx';
export {
  drawPoster,
  layerNode,
  textLines,
  canvasMeasure,
  type PosterAssets,
  type TextLine,
} from './render.ts';
export { exportPng, exportPdf, vectorTextLayers, withPngDpi, PRINT_DPI } from './export.ts';
export { qrMatrix, drawQr, QR_QUIET_ZONE, type QrMatrix } from './qr.ts';
export { loadPosterFonts, fontFiles, CANVAS_FAMILY } from './fonts.ts';

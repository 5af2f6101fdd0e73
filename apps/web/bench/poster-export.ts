// Benchmark page (scripts/bench-poster.mjs): exports the Event template at 300 dpi as PNG and PDF, as the editor does.
import { exportPdf, exportPng, loadPosterFonts } from '@pentland/poster-canvas';
import { posterTemplates } from '@pentland/poster';

declare global {
  interface Window {
    runPosterExport: () => Promise<{ pngMs: number; pdfMs: number; pngBytes: number; pdfBytes: number }>;
  }
}

window.runPosterExport = async () => {
  await loadPosterFonts();
  const doc = posterTemplates[0]!.design;
  const assets = {
    images: new Map(),
    qrUrl:
      'https://pentlandcloud.co.uk/qr-welcome?poster=3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b&utm_source=poster&utm_medium=qr',
  };
  let t = performance.now();
  const png = await exportPng(doc, assets);
  const pngMs = performance.now() - t;
  t = performance.now();
  const pdf = await exportPdf(doc, assets, { title: 'Benchmark' });
  const pdfMs = performance.now() - t;
  return { pngMs, pdfMs, pngBytes: png.size, pdfBytes: pdf.size };
};

/**
 * The raw token values, as plain data, so the tokens docs page and tests can read them.
 * Colour pairs are chosen for WCAG AA (4.5:1) or better; see README for the measured ratios.
 */
export const breakpoints = { mobile: 0, tablet: 768, desktop: 1024 } as const;

export const tokens = {
  color: {
    background: '#f5f7fb',
    surface: '#ffffff',
    surfaceMuted: '#eef2f8',
    surfaceInverse: '#0b1f3a',
    surfaceInverseRaised: '#13294b',
    border: '#cbd5e1',
    borderStrong: '#64748b',
    text: '#0f172a',
    textMuted: '#475569',
    textInverse: '#ffffff',
    textInverseMuted: '#cbd5e1',
    brand: '#1d4ed8',
    brandHover: '#1e3a8a',
    brandSoft: '#dbeafe',
    onBrand: '#ffffff',
    accent: '#0f766e',
    accentHover: '#115e59',
    onAccent: '#ffffff',
    critical: '#b91c1c',
    criticalSoft: '#fef2f2',
    criticalText: '#991b1b',
    criticalBorder: '#fca5a5',
    positive: '#15803d',
    positiveSoft: '#f0fdf4',
    positiveText: '#166534',
    positiveBorder: '#86efac',
    focus: '#f59e0b',
    focusInner: '#0b1f3a',
    overlay: 'rgba(11, 31, 58, 0.6)',
  },
  space: {
    '0': '0',
    '1': '4px',
    '2': '8px',
    '3': '12px',
    '4': '16px',
    '5': '24px',
    '6': '32px',
    '7': '48px',
    '8': '64px',
    '9': '96px',
  },
  radii: { none: '0', sm: '4px', md: '8px', lg: '14px', full: '9999px' },
  font: {
    body: "'Inter', 'Inter fallback', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
    heading:
      "'Inter', 'Inter fallback', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    '2xl': '1.75rem',
    '3xl': '2.25rem',
  },
  fontWeight: { regular: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeight: { tight: '1.2', normal: '1.5' },
  shadow: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.08)',
    md: '0 4px 12px rgba(15, 23, 42, 0.10)',
    lg: '0 12px 32px rgba(15, 23, 42, 0.18)',
  },
  zIndex: { base: '0', raised: '10', nav: '100', dropdown: '200', overlay: '300', modal: '310' },
  breakpoint: {
    tablet: `${breakpoints.tablet}px`,
    desktop: `${breakpoints.desktop}px`,
  },
  duration: { fast: '120ms', normal: '200ms' },
  navHeight: '64px',
  contentWidth: '1200px',
} as const;

export type Tokens = typeof tokens;

export { LogoStrip, type LogoStripProps, type LogoStripItem } from './LogoStrip.tsx';

export { Footer, type FooterProps, type FooterContact } from './Footer.tsx';

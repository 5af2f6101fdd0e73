export { Text, Lead, Eyebrow, type TextProps, type LeadProps, type EyebrowProps } from './Text.tsx';

export { Stack, Inline, type StackProps, type InlineProps } from './Stack.tsx';

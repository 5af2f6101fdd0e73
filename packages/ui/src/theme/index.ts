import './fonts.ts';
import './global.css.ts';

export { vars } from './theme.css.ts';
export { sprinkles, type Sprinkles } from './sprinkles.css.ts';
export { tokens, breakpoints, type Tokens } from './tokens.ts';

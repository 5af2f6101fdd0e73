import './fonts';
import './global.css';

export { vars } from './theme.css';
export { sprinkles, type Sprinkles } from './sprinkles.css';
export { tokens, breakpoints, type Tokens } from './tokens';

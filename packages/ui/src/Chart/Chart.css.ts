import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const figure = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], margin: 0 });
export const plot = style({ position: 'relative', width: '100%' });

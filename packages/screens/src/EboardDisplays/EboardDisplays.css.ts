import { style } from '@vanilla-extract/css';

export const url = style({ display: 'block', overflowWrap: 'anywhere', wordBreak: 'break-all' });

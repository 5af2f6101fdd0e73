import { style } from '@vanilla-extract/css';

export const url = style({ overflowWrap: 'anywhere', wordBreak: 'break-all' });

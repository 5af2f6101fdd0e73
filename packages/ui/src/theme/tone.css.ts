import { createVar, fallbackVar } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/**
 * The secondary text colour of the surface around an element. A band sets it for its tone (a light grey on the dark
 * and brand bands, slate on light ones) and a card resets it, so muted text reads well wherever it is placed.
 */
export const mutedTextVar = createVar();

export const mutedText = fallbackVar(mutedTextVar, vars.color.textMuted);

import { createVar, fallbackVar } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/**
 * The secondary text colour of the surface around an element. A band sets it for its tone (a light grey on the dark
 * and brand bands, slate on light ones) and a card resets it, so muted text reads well wherever it is placed.
 */
export const mutedTextVar = createVar();

export const mutedText = fallbackVar(mutedTextVar, vars.color.textMuted);

/**
 * The positive and critical text colours of the surface around an element (a status such as 'Saved' or 'Not saved').
 * The dark and brand bands set light ones: the light-surface greens and reds read at about 2:1 on them.
 */
export const positiveTextVar = createVar();
export const criticalTextVar = createVar();

export const positiveText = fallbackVar(positiveTextVar, vars.color.positiveText);
export const criticalText = fallbackVar(criticalTextVar, vars.color.criticalText);

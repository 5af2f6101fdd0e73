import type { ReactNode } from 'react';
import { Section } from '../Container/Container.tsx';
import { pageLead, pageTitle } from '../PageHeader/PageHeader.css.ts';
import { Inline, Stack } from '../Stack/Stack.tsx';
import { Eyebrow, Lead } from '../Text/Text.tsx';
import { hero, media as mediaClass } from './Hero.css.ts';

export interface HeroProps {
  /** The page's h1: the value proposition. */
  title: ReactNode;
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** The calls to action, in a row. */
  actions?: ReactNode;
  /** The picture beside the text (below it on phones); an `<img>` or `<picture>` fills the column. */
  media?: ReactNode;
  /** Anything under the actions: a rating, a line of reassurance. */
  children?: ReactNode;
}

/** The opening band of the home page: the value proposition and its calls to action beside a picture. */
export function Hero({ title, eyebrow, lead, actions, media, children }: HeroProps) {
  return (
    <Section tone="inverse">
      <div className={hero}>
        <Stack gap="5">
          {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
          <h1 className={pageTitle}>{title}</h1>
          {lead && (
            <Lead tone="inherit" className={pageLead}>
              {lead}
            </Lead>
          )}
          {actions && <Inline>{actions}</Inline>}
          {children}
        </Stack>
        {media && <div className={mediaClass}>{media}</div>}
      </div>
    </Section>
  );
}

import { useId, type ReactNode } from 'react';
import { ButtonLink } from '../Button/Button.tsx';
import { Section, type SectionProps } from '../Container/Container.tsx';
import { Inline, Stack } from '../Stack/Stack.tsx';
import { Text } from '../Text/Text.tsx';

export interface CallToActionProps {
  /** The h2. */
  title: ReactNode;
  text?: ReactNode;
  /** The main action, as a large button. */
  action?: { label: string; to: string };
  /** A second, quieter action beside it. */
  secondaryAction?: { label: string; to: string };
  /** `brand` (a blue band, default) or a quiet `muted` one. */
  tone?: Extract<SectionProps['tone'], 'brand' | 'muted' | 'inverse'>;
  id?: string;
  children?: ReactNode;
}

/** A band that closes a page by asking for the next step: a heading, a sentence, one or two buttons. */
export function CallToAction({
  title,
  text,
  action,
  secondaryAction,
  tone = 'brand',
  id,
  children,
}: CallToActionProps) {
  const onBrand = tone !== 'muted';
  const headingId = `${useId()}-title`;
  return (
    <Section tone={tone} width="medium" id={id} aria-labelledby={headingId}>
      <Stack gap="4" align="start">
        <h2 id={headingId}>{title}</h2>
        {text && (
          <Text size="lg" tone={onBrand ? 'inherit' : 'muted'}>
            {text}
          </Text>
        )}
        {children}
        {(action || secondaryAction) && (
          <Inline>
            {action && (
              <ButtonLink
                to={action.to}
                variant={onBrand ? 'inverse' : 'primary'}
                size={onBrand ? 'large' : 'standard'}
              >
                {action.label}
              </ButtonLink>
            )}
            {secondaryAction && (
              <ButtonLink
                to={secondaryAction.to}
                variant={onBrand ? 'inverse' : 'secondary'}
                size={onBrand ? 'large' : 'standard'}
              >
                {secondaryAction.label}
              </ButtonLink>
            )}
          </Inline>
        )}
      </Stack>
    </Section>
  );
}

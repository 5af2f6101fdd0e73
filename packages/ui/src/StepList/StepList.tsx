import { list, step, text as textClass, title as titleClass } from './StepList.css.ts';

export interface StepListProps {
  steps: readonly { title: string; text: string }[];
  /** The heading level of each step's title (3). */
  titleAs?: 'h3' | 'h4';
}

/** How something works, as numbered steps: one column on phones, two on tablets, four in a row on desktops. */
export function StepList({ steps, titleAs: Title = 'h3' }: StepListProps) {
  return (
    <ol className={list}>
      {steps.map((s) => (
        <li key={s.title} className={step}>
          <Title className={titleClass}>{s.title}</Title>
          <p className={textClass}>{s.text}</p>
        </li>
      ))}
    </ol>
  );
}

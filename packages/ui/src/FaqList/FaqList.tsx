import { answer as answerClass, item, list, question as questionClass } from './FaqList.css.ts';

export interface FaqListProps {
  faqs: readonly { question: string; answer: string }[];
  /** Questions open at first, by index (none). */
  defaultOpen?: readonly number[];
}

/**
 * Questions and answers as native disclosure widgets (`<details>`): keyboard and screen-reader support come from
 * the browser, they work before any script runs, and the answers stay in the page for search engines.
 */
export function FaqList({ faqs, defaultOpen = [] }: FaqListProps) {
  return (
    <div className={list}>
      {faqs.map((faq, index) => (
        <details key={faq.question} className={item} open={defaultOpen.includes(index) || undefined}>
          <summary className={questionClass}>{faq.question}</summary>
          <p className={answerClass}>{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}

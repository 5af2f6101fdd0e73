import type { FieldDiff } from '@pentland/articles';
import * as css from './ArticleHistory.css.ts';

/**
 * Two versions of an article compared field by field, word by word: each field that differs under its name, the
 * words only the first has struck through (`<del>`), those only the second has underlined (`<ins>`).
 */
export function FieldDiffs({ fields }: { fields: readonly FieldDiff[] }) {
  return fields.map((f) => (
    <div key={f.field}>
      <h3 className={css.fieldHeading}>{f.label[0]!.toUpperCase() + f.label.slice(1)}</h3>
      <p className={css.diffText}>
        {f.parts.map((p, i) =>
          p.kind === 'added' ? (
            <ins key={i} className={css.added}>
              {p.text}
            </ins>
          ) : p.kind === 'removed' ? (
            <del key={i} className={css.removed}>
              {p.text}
            </del>
          ) : (
            <span key={i}>{p.text}</span>
          ),
        )}
      </p>
    </div>
  ));
}

// Prints the SQL rows of the poster templates (for a migration that adds or changes templates):
//   pnpm exec tsx packages/poster/scripts/templates-sql.ts
import { posterTemplates, serializePoster } from '../src/index.ts';

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const rows = posterTemplates.map(
  (t, i) =>
    `  (${q(t.id)}, ${q(t.title)}, ${q(t.description)}, ${q(t.category)}, ${t.premium}, ${(i + 1) * 10},\n   $design$${serializePoster(t.design)}$design$::jsonb)`,
);
console.log(
  `insert into public.poster_templates (id, title, description, category, premium, sort, design) values\n${rows.join(',\n')}\n` +
    `on conflict (id) do update set title = excluded.title, description = excluded.description, category = excluded.category,\n` +
    `  premium = excluded.premium, sort = excluded.sort, design = excluded.design;`,
);

import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// The web journeys that take longest (a fresh clone's CI, three at a time: public-pages 145 s, wcag 79 s, then
// articles-editor, articles-conflict, live, enquiries-journeys and auth-journeys at 45–61 s, profile and
// hydration-input at 37–38 s, while the other 34 take 1–45 s). Vitest orders a fresh clone's files by size, which once put public-pages
// last: it then ran alone for its final 110 s while the other workers sat idle. Started first, longest first, they
// leave the short files to fill the end of the run.
const longest = [
  'apps/web/test/public-pages.test.ts',
  'apps/web/test/wcag.test.ts',
  'apps/web/test/articles-conflict.test.ts',
  'apps/web/test/live.test.ts',
  'apps/web/test/enquiries-journeys.test.ts',
  'apps/web/test/articles-editor.test.ts',
  'apps/web/test/profile.test.ts',
  'apps/web/test/hydration-input.test.ts',
  'apps/web/test/auth-journeys.test.ts',
];

/** Vitest's own order (group, project, then its cache: failed and slowest first, or larger files first), except
 * that the longest files above start first within their project. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = longest.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return i === -1 ? longest.length : i;
    };
    const firstOfProject = new Map<string, number>();
    sorted.forEach((spec, i) => {
      if (!firstOfProject.has(spec.project.name)) firstOfProject.set(spec.project.name, i);
    });
    // Array sort is stable: only the listed files move, to the head of their own project's run.
    const projectStart = (spec: TestSpecification) => firstOfProject.get(spec.project.name) ?? 0;
    return sorted.sort((a, b) => projectStart(a) - projectStart(b) || rank(a) - rank(b));
  }
}

// One workspace run: each package and app brings its own project config. Every project runs its files without a
// new process or module graph per file (`isolate: false`): its files restore what they change (spies, timers,
// process.env), so a worker's second file starts as its first did. For the unit projects that is 57 CPU-s instead of
// 70; for the backend, the stories and the web journeys each project's config says what it buys.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'packages/ui/vitest.unit.config.ts',
      'apps/*/vitest.config.ts',
      'supabase/tests/vitest.config.ts',
    ],
    sequence: { sequencer: LongestFirst },
  },
});

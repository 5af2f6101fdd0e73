import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// Files that take minutes where most take seconds (the product's journeys on a fresh clone's CI: public-pages 456 s,
// wcag 165 s, live 146 s, while the other 38 web files take 1–116 s). Vitest orders a fresh clone's files by size,
// which put public-pages last: it then ran alone for its final 110 s while the other worker sat idle. Started first,
// each fills one worker while the rest of the project fills the other.
const longest = [
  'apps/web/test/public-pages.test.ts',
  'apps/web/test/wcag.test.ts',
  'apps/web/test/live.test.ts',
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

// One workspace run: each package and app brings its own project config.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'supabase/tests/vitest.config.ts'],
    sequence: { sequencer: LongestFirst },
  },
});

/**
 * A value that holds for the length of one synchronous server render and is restored after it (module state, so
 * renders never interleave within it): the render's clock, the address's query for islands, the islands found.
 */
export interface RenderScoped<T> {
  /** The value of the render running now, or the one given when none is. */
  get(): T;
  /** Runs `render` with the value set to `value`. */
  run<R>(value: T, render: () => R): R;
}

export function renderScoped<T>(outside: T): RenderScoped<T> {
  let current = outside;
  return {
    get: () => current,
    run(value, render) {
      const previous = current;
      current = value;
      try {
        return render();
      } finally {
        current = previous;
      }
    },
  };
}

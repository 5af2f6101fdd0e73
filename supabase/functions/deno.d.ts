// Types for the parts of the Deno global the functions (and their Deno tests) use, so they typecheck under Node's
// tsc as well.
declare const Deno: {
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
  env: {
    get(key: string): string | undefined;
    set(key: string, value: string): void;
    delete(key: string): void;
  };
  test(name: string, fn: () => void | Promise<void>): void;
};

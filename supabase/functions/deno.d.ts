// Types for the parts of the Deno global the functions use, so they typecheck under Node's tsc as well.
declare const Deno: {
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
  env: { get(key: string): string | undefined };
};

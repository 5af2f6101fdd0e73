// For Deno tests: loads a function's index.ts and returns the handler it passes to Deno.serve, without listening.
type Handler = (req: Request) => Response | Promise<Response>;

export async function loadHandler(moduleUrl: URL): Promise<Handler> {
  const original = Object.getOwnPropertyDescriptor(Deno, 'serve')!;
  let handler: Handler | null = null;
  Object.defineProperty(Deno, 'serve', {
    configurable: true,
    value: (h: Handler) => {
      handler = h;
      return { finished: Promise.resolve(), shutdown: () => Promise.resolve() };
    },
  });
  try {
    await import(moduleUrl.href);
  } finally {
    Object.defineProperty(Deno, 'serve', original);
  }
  if (!handler) throw new Error(`${moduleUrl.pathname} did not call Deno.serve`);
  return handler;
}

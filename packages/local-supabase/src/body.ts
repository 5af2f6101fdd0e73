/**
 * The package's one JSON body reader. JSON.parse itself copes with any depth, but what comes after does not
 * (JSON.stringify and PostgreSQL's json parser recurse), so nesting is bounded before parsing.
 */
export const MAX_JSON_DEPTH = 512;

export class InvalidJson extends Error {
  /** True when the text is JSON but nested past the limit. */
  constructor(
    message: string,
    readonly tooDeep = false,
  ) {
    super(message);
  }
}

/** The deepest nesting of arrays and objects in a JSON text, stopping early past `limit`. */
function depthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** Parses a JSON text; throws InvalidJson (with a reason a client can act on) when it is not JSON or too deep. */
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (depthExceeds(text, maxDepth)) throw new InvalidJson(`JSON nested deeper than ${maxDepth} levels`, true);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InvalidJson((err as Error).message);
  }
}

/**
 * A request's body as a value: JSON (depth-bounded), or the fields of an `application/x-www-form-urlencoded` body
 * (GoTrue's /token and PostgREST both accept forms); undefined when the body is empty. Size is bounded before this,
 * where the server reads the body.
 */
export async function readJson(req: Request, maxDepth = MAX_JSON_DEPTH): Promise<unknown> {
  const text = await req.text();
  if (text.trim() === '') return undefined;
  if ((req.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  return parseJson(text, maxDepth);
}

/** Headers as a list made once, when the server starts: a response walks it without allocating. */
export type HeaderList = readonly (readonly [name: string, value: string])[];

export function headerList(headers: Record<string, string>): HeaderList {
  return Object.entries(headers);
}

/**
 * Sets a header on the response a handler returned, copying it first when its headers are immutable (a
 * Response straight from fetch has them so).
 *
 * After the handler, in place: `c.header()` at that point makes Hono copy the answer into a Web
 * Response and stream. Setting them before the handler (`c.header()` then fills Hono's prepared headers)
 * saves nothing in Hono 4: those are a `Headers` object as well, which the answer takes over, and
 * @hono/node-server walks it just the same; only an answer whose one header is its Content-Type keeps
 * the plain object its fast path writes without a `Headers`. And a Response a handler returns as it is
 * would not carry them.
 */
export function setResponseHeader(c: { res: Response }, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    const copy = new Response(c.res.body, c.res);
    copy.headers.set(name, value);
    c.res = copy;
  }
}

/** Each header of the list that the response does not have yet: one a handler set itself is kept. */
export function setMissingHeaders(c: { res: Response }, list: HeaderList): void {
  const headers = c.res.headers;
  for (const [name, value] of list) if (!headers.has(name)) setResponseHeader(c, name, value);
}

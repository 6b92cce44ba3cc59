/**
 * Sets headers on the response a handler returned, copying it first when its headers are immutable (a
 * Response straight from fetch has them so).
 */
export function setResponseHeaders(c: { res: Response }, headers: Record<string, string>): void {
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  } catch {
    const copy = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    c.res = copy;
  }
}

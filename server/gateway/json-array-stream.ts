function listError(message: string, code: 'json' | 'too-large'): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * The objects of a top-level JSON array, one at a time, from a byte stream: a list of any length is read
 * with memory for one element (at most `maxElementBytes`), never the whole body — the gateway's
 * transaction list has no size cliff. Strings and nesting are tracked, so commas and brackets inside an
 * element are not mistaken for its end. Throws on a body that is not an array of objects.
 */
export async function* jsonArrayObjects(
  body: AsyncIterable<Buffer | Uint8Array | string>,
  maxElementBytes: number,
): AsyncGenerator {
  let started = false;
  let ended = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: Buffer[] = [];
  let size = 0;

  for await (const chunk of body) {
    const buffer = Buffer.from(chunk);
    let start = depth > 0 ? 0 : -1;
    for (let i = 0; i < buffer.length; i += 1) {
      const byte = buffer[i] as number;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === 0x5c) escaped = true;
        else if (byte === 0x22) inString = false;
        continue;
      }
      if (depth === 0) {
        if (byte <= 0x20) continue;
        if (!started) {
          if (byte !== 0x5b) throw listError('not a JSON array', 'json');
          started = true;
        } else if (ended) throw listError('data after the list', 'json');
        else if (byte === 0x5d) ended = true;
        else if (byte === 0x7b) {
          depth = 1;
          start = i;
        } else if (byte !== 0x2c) throw listError('a list element is not an object', 'json');
        continue;
      }
      if (byte === 0x22) inString = true;
      else if (byte === 0x7b || byte === 0x5b) depth += 1;
      else if (byte === 0x7d || byte === 0x5d) {
        depth -= 1;
        if (depth === 0) {
          parts.push(buffer.subarray(start, i + 1));
          const text = Buffer.concat(parts).toString('utf8');
          parts = [];
          size = 0;
          start = -1;
          yield JSON.parse(text) as unknown;
        }
      }
    }
    if (depth > 0 && start >= 0) {
      const rest = buffer.subarray(start);
      parts.push(rest);
      size += rest.length;
      if (size > maxElementBytes) throw listError('a list element is too large', 'too-large');
    }
  }
  if (!started || !ended) throw listError('truncated list', 'json');
}

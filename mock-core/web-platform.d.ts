// The two Web APIs the core relies on, present in browsers and in Node 20+ as globals. Declared here so
// the core's own type check (no DOM, no Node types) proves it needs nothing else.
declare const crypto: { getRandomValues<T extends ArrayBufferView>(array: T): T };
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

// The Web APIs the contract relies on, globals in browsers and in Node 20+. Declared here so the
// contract's own type check (no DOM, no Node types) proves it needs nothing else.
declare const crypto: { getRandomValues<T extends ArrayBufferView>(array: T): T };
declare class URL {
  constructor(url: string, base?: string);
  readonly origin: string;
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
}
declare class URLSearchParams {
  constructor(init?: string);
  get(name: string): string | null;
  has(name: string): boolean;
  toString(): string;
}

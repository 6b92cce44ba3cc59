// The one Web API the contract relies on, a global in browsers and in Node. Declared here so the
// contract's own type check (no DOM, no Node types) proves it needs nothing else.
declare class URL {
  constructor(url: string, base?: string);
  readonly origin: string;
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
}

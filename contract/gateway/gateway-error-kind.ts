/**
 * The closed set of kinds a failed gateway call is sorted into
 * (docs/decisions/003-gateway-error-parsing-and-kinds.md): the same for the server's gateway client and for the
 * browser's, which explains each one to the shopper.
 */
export type GatewayErrorKind =
  | 'network'
  | 'timeout'
  | 'integration'
  | 'unauthorized'
  | 'not-found'
  | 'invalid-response'
  | 'server';

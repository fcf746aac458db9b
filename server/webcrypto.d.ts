// WebCrypto's types as the browser names them, for core/rules/checkin-code.ts and the check-in
// slice: the server compiles without the DOM library, and @types/node keeps them under
// node:crypto's webcrypto namespace (the global crypto is that same implementation).
import type { webcrypto } from 'node:crypto';

declare global {
  type CryptoKey = webcrypto.CryptoKey;
  type CryptoKeyPair = webcrypto.CryptoKeyPair;
  type JsonWebKey = webcrypto.JsonWebKey;
}

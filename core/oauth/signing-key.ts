/**
 * Each gateway's token signing key: an ES256 (P-256) key pair generated once, when OAuth is
 * first configured for the gateway. The private half is sealed with the master key inside the
 * gateway's OAuth record, the public half sits beside it, so every process that holds the
 * config snapshot (data planes included, which have the master key) verifies tokens without the
 * store, and only the authorization server ever opens the private half.
 */
import { createPublicKey, generateKeyPairSync, randomUUID, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { SealedSecret, SecretBox } from '../security/secret-box.js';

/** The signing algorithm of access tokens. */
export const SIGNING_ALG = 'ES256';

/** A gateway's signing key as stored. */
export interface StoredSigningKey {
  kid: string;
  /** The public JWK (`kty`, `crv`, `x`, `y`). */
  public_jwk: JsonWebKey;
  /** The private JWK as JSON text, sealed. */
  private_sealed: SealedSecret;
}

/** A fresh key pair, its private half sealed. */
export function generateSigningKey(secretBox: SecretBox): StoredSigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = randomUUID();
  return {
    kid,
    public_jwk: publicKey.export({ format: 'jwk' }),
    private_sealed: secretBox.seal(JSON.stringify(privateKey.export({ format: 'jwk' }))),
  };
}

/** The public key, ready for `jwtVerify`. */
export function publicKeyOf(stored: StoredSigningKey): KeyObject {
  return createPublicKey({ key: stored.public_jwk, format: 'jwk' });
}

/** The private JWK for the authorization server's key set. */
export function privateJwkOf(stored: StoredSigningKey, secretBox: SecretBox): JsonWebKey & { kid: string; alg: string; use: string } {
  return { ...(JSON.parse(secretBox.open(stored.private_sealed)) as JsonWebKey), kid: stored.kid, alg: SIGNING_ALG, use: 'sig' };
}

// A WebAuthn authenticator in software, for integration tests that have no browser: it answers creation and request
// options (the JSON text /webauthn/*/start returns) the way a browser and a platform authenticator would, with a
// real P-256 key, real authenticator data, CBOR attestation objects (format "none") and ECDSA signatures. The
// browser tests use Chromium's virtual authenticator instead (e2e/passkeys.spec.ts).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export type SoftCredential = {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  cosePublicKey: Uint8Array;
  /** The signature counter the next assertion reports (after adding 1). Set it back to fake a cloned key. */
  counter: number;
};

type Creation = { challenge: string; rp: { id: string }; user: { id: string }; excludeCredentials?: Array<{ id: string }> };
type Request = { challenge: string; rpId: string; allowCredentials?: Array<{ id: string }> };

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): string {
  return b64url(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
}

export type SoftAuthenticatorOptions = {
  /** Report user verification (default true). */
  userVerified?: boolean;
  /** Backup eligible and backed up, as a synced passkey is (default false). */
  synced?: boolean;
  /** Count signatures (default true); a counter of 0 that never moves is what many passkey providers report. */
  counting?: boolean;
};

/** One authenticator holding the credentials it created. */
export function softAuthenticator(defaults: SoftAuthenticatorOptions = {}) {
  const credentials: SoftCredential[] = [];
  const flagsOf = (options: SoftAuthenticatorOptions) => {
    const { userVerified = true, synced = false } = { ...defaults, ...options };
    return FLAG_UP | (userVerified ? FLAG_UV : 0) | (synced ? FLAG_BE | FLAG_BS : 0);
  };
  const counting = defaults.counting ?? true;

  return {
    credentials,
    /**
     * `navigator.credentials.create()` on the page at `origin`: a new credential and the JSON the Stytch clients send
     * (`JSON.stringify` of it is `public_key_credential`). `reuse` answers with an existing credential (what an
     * authenticator that ignores excludeCredentials would do).
     */
    create(optionsText: string, origin: string, options: SoftAuthenticatorOptions & { reuse?: SoftCredential } = {}) {
      const creation = JSON.parse(optionsText) as Creation;
      let credential = options.reuse;
      if (!credential) {
        const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
        const jwk = publicKey.export({ format: 'jwk' });
        const cose = isoCBOR.encode(
          new Map<number, number | Uint8Array>([
            [1, 2],
            [3, -7],
            [-1, 1],
            [-2, Buffer.from(jwk.x!, 'base64url')],
            [-3, Buffer.from(jwk.y!, 'base64url')],
          ]),
        );
        credential = { id: b64url(randomBytes(32)), rpId: creation.rp.id, userHandle: creation.user.id, privateKey, cosePublicKey: cose, counter: 0 };
        credentials.push(credential);
      }
      const idBytes = Buffer.from(credential.id, 'base64url');
      const length = Buffer.alloc(2);
      length.writeUInt16BE(idBytes.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, idBytes, Buffer.from(credential.cosePublicKey)]);
      const authData = authenticatorData(creation.rp.id, flagsOf(options) | FLAG_AT, credential.counter, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData],
        ]),
      );
      return {
        credential,
        json: {
          type: 'public-key',
          id: credential.id,
          rawId: credential.id,
          authenticatorAttachment: 'platform',
          response: {
            clientDataJSON: clientData('webauthn.create', creation.challenge, origin),
            attestationObject: b64url(attestationObject),
            transports: ['internal'],
          },
          clientExtensionResults: {},
        },
      };
    },

    /**
     * `navigator.credentials.get()` on the page at `origin` with `credential` (default: the first one the options
     * allow, else the first this authenticator holds for the RP ID): the assertion JSON the Stytch clients send.
     */
    get(optionsText: string, origin: string, options: SoftAuthenticatorOptions & { credential?: SoftCredential } = {}) {
      const request = JSON.parse(optionsText) as Request;
      const allowed = request.allowCredentials?.map((c) => c.id);
      const credential = options.credential ?? credentials.find((c) => c.rpId === request.rpId && (!allowed || allowed.length === 0 || allowed.includes(c.id)));
      if (!credential) throw new Error(`no credential for ${request.rpId}`);
      if (counting) credential.counter += 1;
      const authData = authenticatorData(request.rpId, flagsOf(options), credential.counter);
      const clientDataJSON = clientData('webauthn.get', request.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), credential.privateKey);
      return {
        type: 'public-key',
        id: credential.id,
        rawId: credential.id,
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON,
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}

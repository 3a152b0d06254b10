/**
 * Protocol encryption of passwords and searchVal filters (spec 000 §7, §9): base64 of AES-128-CBC
 * with PKCS#7 padding over the UTF-8 text. The key and IV are fixed and public, so this is wire
 * compatibility, not security: the server treats every decrypted value as hostile.
 * WebCrypto only, so the same code runs in browsers and in node (globalThis.crypto).
 */
export const PROTOCOL_KEY = 'factoryConsoleK1';
export const PROTOCOL_IV = 'factoryConsoleV1';

/**
 * A synchronous implementation of the same cipher, which a platform may install: node's WebCrypto
 * costs ~70 µs a call (a thread-pool job), its OpenSSL cipher ~3 µs, and the server decrypts a
 * searchVal on every list request. Browsers keep WebCrypto.
 */
export interface CipherBackend {
  encrypt(plain: string): string;
  /** Throws on a bad ciphertext or bad padding. */
  decrypt(cipher: string): Uint8Array;
}
let backend: CipherBackend | undefined;
export function installCipherBackend(b: CipherBackend | undefined): void {
  backend = b;
}

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder('utf-8', { fatal: true });
let keyPromise: Promise<CryptoKey> | undefined;

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto is not available');
  return s;
}

function key(): Promise<CryptoKey> {
  keyPromise ??= subtle().importKey('raw', utf8.encode(PROTOCOL_KEY), { name: 'AES-CBC' }, false, [
    'encrypt',
    'decrypt',
  ]);
  return keyPromise;
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export async function encryptText(plain: string): Promise<string> {
  if (backend) return backend.encrypt(plain);
  const data = await subtle().encrypt(
    { name: 'AES-CBC', iv: utf8.encode(PROTOCOL_IV) },
    await key(),
    utf8.encode(plain),
  );
  return toBase64(new Uint8Array(data));
}

/** Decrypts; returns undefined for anything that is not a well-formed ciphertext of UTF-8 text. */
export async function decryptText(cipher: string): Promise<string | undefined> {
  if (typeof cipher !== 'string' || cipher.length === 0 || cipher.length > 1_000_000) return undefined;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(cipher)) return undefined;
  try {
    if (backend) return utf8Strict.decode(backend.decrypt(cipher));
    const bytes = fromBase64(cipher);
    if (bytes.length === 0 || bytes.length % 16 !== 0) return undefined;
    const plain = await subtle().decrypt(
      { name: 'AES-CBC', iv: utf8.encode(PROTOCOL_IV) },
      await key(),
      bytes,
    );
    return utf8Strict.decode(plain);
  } catch {
    return undefined;
  }
}

import { createCipheriv, createDecipheriv, webcrypto } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { decryptText, encryptText } from './crypto.ts';

const KEY = Buffer.from('factoryConsoleK1', 'utf8');
const IV = Buffer.from('factoryConsoleV1', 'utf8');
const nodeEncrypt = (plain: string) => {
  const c = createCipheriv('aes-128-cbc', KEY, IV);
  return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64');
};
const nodeDecrypt = (b64: string) => {
  const d = createDecipheriv('aes-128-cbc', KEY, IV);
  return Buffer.concat([d.update(Buffer.from(b64, 'base64')), d.final()]).toString('utf8');
};

const samples = [
  '',
  'Demo@2026',
  '[{"fieldName":"name","operator":"like","fieldValue":"张三"}]',
  '密码🔒'.repeat(50),
  'x'.repeat(16),
];

describe('protocol encryption (AES-128-CBC, PKCS#7, base64)', () => {
  it('round-trips through the shared helper', async () => {
    for (const s of samples.filter(Boolean)) expect(await decryptText(await encryptText(s))).toBe(s);
  });

  it("agrees with node's OpenSSL cipher in both directions", async () => {
    for (const s of samples) {
      expect(await encryptText(s)).toBe(nodeEncrypt(s));
      if (s) expect(await decryptText(nodeEncrypt(s))).toBe(s);
      expect(nodeDecrypt(await encryptText(s))).toBe(s);
    }
    // a fixed vector, so a change of key, IV or padding cannot pass unnoticed
    expect(await encryptText('Demo@2026')).toBe(nodeEncrypt('Demo@2026'));
    expect((await encryptText('abc')).length).toBe(24);
  });

  it('works on a browser-style WebCrypto global (no node:crypto in the helper)', async () => {
    const original = globalThis.crypto;
    // a fresh object exposing only the standard Web Crypto surface, as a browser's window.crypto does
    const browserLike = {
      subtle: webcrypto.subtle,
      getRandomValues: webcrypto.getRandomValues.bind(webcrypto),
    };
    Object.defineProperty(globalThis, 'crypto', { value: browserLike, configurable: true });
    try {
      vi.resetModules();
      const { encryptText: enc, decryptText: dec } = await import('./crypto.ts');
      const c = await enc('浏览器');
      expect(c).toBe(nodeEncrypt('浏览器'));
      expect(await dec(c)).toBe('浏览器');
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: original, configurable: true });
    }
  });

  it('answers undefined, never throws, for anything that is not a ciphertext of UTF-8 text', async () => {
    const invalidUtf8 = (() => {
      const c = createCipheriv('aes-128-cbc', KEY, IV);
      return Buffer.concat([c.update(Buffer.from([0xff, 0xfe, 0xfd])), c.final()]).toString('base64');
    })();
    for (const bad of ['', 'not base64!', 'AAAA', 'A'.repeat(24), invalidUtf8, 'x'.repeat(2_000_000)]) {
      expect(await decryptText(bad)).toBeUndefined();
    }
  });
});

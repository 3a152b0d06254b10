import { decryptText, encryptText, installCipherBackend } from '@factory/shared/crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeCipher } from './cipher.ts';

afterAll(() => installCipherBackend(nodeCipher));

describe("the server's OpenSSL cipher backend", () => {
  const samples = [
    'Demo@2026',
    '[{"fieldName":"name","operator":"like","fieldValue":"张三"}]',
    '锁'.repeat(40),
  ];

  it('gives the same ciphertexts as the WebCrypto path, both ways', async () => {
    installCipherBackend(undefined);
    const web = await Promise.all(samples.map(encryptText));
    installCipherBackend(nodeCipher);
    expect(await Promise.all(samples.map(encryptText))).toEqual(web);
    expect(await Promise.all(web.map(decryptText))).toEqual(samples);
  });

  it('answers undefined for bad input, as the WebCrypto path does', async () => {
    installCipherBackend(nodeCipher);
    const badPadding = Buffer.alloc(16, 7).toString('base64');
    for (const bad of ['', 'not base64!', 'AAAA', badPadding]) expect(await decryptText(bad)).toBeUndefined();
  });
});

import { createCipheriv, createDecipheriv } from 'node:crypto';
import { type CipherBackend, installCipherBackend, PROTOCOL_IV, PROTOCOL_KEY } from '@factory/shared/crypto';

const key = Buffer.from(PROTOCOL_KEY, 'utf8');
const iv = Buffer.from(PROTOCOL_IV, 'utf8');

/** OpenSSL's AES-128-CBC for the shared protocol helper (see CipherBackend for why). */
export const nodeCipher: CipherBackend = {
  encrypt(plain) {
    const c = createCipheriv('aes-128-cbc', key, iv);
    return Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('base64');
  },
  decrypt(cipher) {
    const bytes = Buffer.from(cipher, 'base64');
    if (bytes.length === 0 || bytes.length % 16 !== 0) throw new Error('bad ciphertext length');
    const d = createDecipheriv('aes-128-cbc', key, iv);
    return Buffer.concat([d.update(bytes), d.final()]);
  },
};

installCipherBackend(nodeCipher);

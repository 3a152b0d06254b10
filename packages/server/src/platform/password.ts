import { PASSWORD_RULE, PASSWORD_RULE_MESSAGE } from '@factory/shared/api/auth';
import { decryptText } from '@factory/shared/crypto';
import { hash, verify } from '@node-rs/argon2';
import { fieldError } from './errors.ts';

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1), the OWASP baseline.
export const hashPassword = (plain: string) => hash(plain);

/** A hash of a random password, verified against when the user does not exist, so timing does not tell. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, plain: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash(`no-such-user-${Math.random()}`);
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  return verify(storedHash, plain).catch(() => false);
}

/** Passwords travel encrypted (spec 000 §7); a value that does not decrypt is refused on its field. */
export async function decryptPassword(field: string, cipher: string, label = '密码'): Promise<string> {
  const plain = await decryptText(cipher);
  if (plain === undefined || plain.length === 0 || plain.length > 128)
    throw fieldError(field, `${label}格式不正确`);
  return plain;
}

export function checkPasswordRule(field: string, plain: string): void {
  if (!PASSWORD_RULE.test(plain)) throw fieldError(field, PASSWORD_RULE_MESSAGE);
}

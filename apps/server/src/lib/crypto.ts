/** Random tokens and their one-way digests (tokens are never stored, only their SHA-256). */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export const newToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * Secrets the product must use later (SFTP passwords and private keys): AES-256-GCM with a key derived from
 * SECRETS_KEY. Outside production a fixed development key is used when SECRETS_KEY is unset; production refuses.
 */
const DEV_SECRETS_KEY = 'sextant-development-secrets-key-not-for-production';

export function secretsKey(config: { SECRETS_KEY?: string | undefined; APP_ENV: string }): Buffer {
  const material = config.SECRETS_KEY ?? (config.APP_ENV === 'production' ? null : DEV_SECRETS_KEY);
  if (!material) throw new Error('SECRETS_KEY is not configured: secrets cannot be stored or read');
  return createHash('sha256').update(material).digest();
}

export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

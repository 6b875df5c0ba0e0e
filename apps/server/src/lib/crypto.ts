/** Random tokens and their one-way digests (tokens are never stored, only their SHA-256). */
import { createHash, randomBytes } from 'node:crypto';

export const newToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

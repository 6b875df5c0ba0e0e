/**
 * An S3-compatible server on loopback for tests (s3rver from the npm registry, files in a temporary folder), with
 * one bucket, and the BLOB_URL plus AWS credentials a Sextant process needs to use it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  port: number;
  bucket: string;
  /** BLOB_URL for a store under `prefix` of the bucket. */
  url(prefix?: string): string;
  /** The environment a child process needs (BLOB_URL and the credentials s3rver accepts). */
  env(prefix?: string): Record<string, string>;
  /** The server's own copy of the objects (to check what is stored without going through Sextant). */
  directory: string;
  close(): Promise<void>;
}

/** s3rver's fixed development credentials. */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export async function startTestS3(bucket = 'sextant-test'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'sextant-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  // in-process stores read the standard AWS variables too
  Object.assign(process.env, S3RVER_CREDENTIALS);
  const url = (prefix = 'data') =>
    `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(`http://127.0.0.1:${port}`)}&region=us-east-1`;
  return {
    port,
    bucket,
    directory,
    url,
    env: (prefix) => ({ ...S3RVER_CREDENTIALS, BLOB_URL: url(prefix) }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

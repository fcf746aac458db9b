import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

// Where the pictures made here (profile photos, post pictures) are kept. A folder by default (one
// machine, any number of processes); an S3-compatible bucket (AWS S3, MinIO, R2, …) with S3_BUCKET,
// so several machines share them. Either way this server answers /uploads/… itself, so the
// pictures stay same-origin (the strict CSP needs no other image host) and cached immutable.

export interface FileStore {
  /** Where it keeps files, for the start-up banner. */
  readonly where: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

export function folderStore(dir: string): FileStore {
  const at = (key: string) => join(dir, ...key.split('/'));
  return {
    where: dir,
    async put(key, bytes) {
      await mkdir(dirname(at(key)), { recursive: true });
      await writeFile(at(key), bytes);
    },
    get: (key) => readFile(at(key)).catch(() => null),
    remove: (key) => unlink(at(key)).catch(() => undefined),
  };
}

export interface S3Options {
  bucket: string;
  /** e.g. http://127.0.0.1:9000 for MinIO; unset: AWS. */
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Keys start with this (several deployments in one bucket). */
  prefix?: string;
}

export function s3Store(options: S3Options): FileStore {
  // The AWS SDK is loaded with the first picture, not at every start (a third of a second).
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: import('@aws-sdk/client-s3').S3Client }> | undefined;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region ?? 'us-east-1',
        ...(options.endpoint && { endpoint: options.endpoint, forcePathStyle: true }),
        ...(options.accessKeyId && options.secretAccessKey && { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }),
        // Plain PUTs with a length: what every S3-compatible store accepts.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Key = (key: string) => `${options.prefix ?? ''}${key}`;
  return {
    where: `s3://${options.bucket}/${options.prefix ?? ''}${options.endpoint ? ` at ${options.endpoint}` : ''}`,
    async put(key, bytes, contentType) {
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket: options.bucket, Key: Key(key), Body: bytes, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }));
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: Key(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: Key(key) }));
    },
  };
}

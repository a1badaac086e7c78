import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './storage/s3-file-storage';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true' || value === 'yes' || value === 'on');

/** A variable that may be unset or empty (both mean unset). */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value));

/** Variables that only mean something with FILE_STORE=s3. */
const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    // Live co-editing across instances (docs/operations.md, "Many instances").
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default('Creator Workspace <no-reply@localhost>'),
    JWT_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(25 * 1024 * 1024),
    STORAGE_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024 * 1024),
    JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
    // The API's default (docs/api.md, "Import"; decision 136): an account holding more than
    // about 500 MiB of files needs it raised to import its own export back.
    IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(500 * 1024 * 1024),
    // The import's worker thread (docs/operations.md, "Background jobs"; decision 185).
    IMPORT_CPU_SECONDS: z.coerce.number().positive().max(3600).default(60),
    IMPORT_MEMORY_MB: z.coerce.number().int().min(64).max(16384).default(1024),
    TRUST_PROXY: booleanFlag,
    PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^\s/]+/, 'must be an http:// or https:// address')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    FILE_STORE: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(['disk', 's3'], { message: 'must be disk or s3' }).default('disk'),
    ),
    S3_ENDPOINT: optionalText.pipe(
      z
        .string()
        .regex(/^https?:\/\/[^\s/]+/, 'must be an http:// or https:// address')
        .optional(),
    ),
    S3_REGION: optionalText,
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
        )
        .optional(),
    ),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: booleanFlag,
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'is required (at least 32 characters) when NODE_ENV=production',
      });
    }
    if (env.FILE_STORE === 's3') {
      for (const name of ['S3_BUCKET', 'S3_REGION'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when FILE_STORE=s3' });
      }
      if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
          message:
            'must be set together with the other S3 key (or neither, to use the AWS default credentials)',
        });
      }
    } else {
      // Files kept on one disk while the operator meant a bucket would split them between instances.
      for (const name of S3_VARIABLES) {
        if (env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is set but FILE_STORE is not s3 (set FILE_STORE=s3, or unset it)',
          });
      }
    }
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the directory the embedded mode keeps everything in. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Redis that passes live edits and presence between instances (unset: one instance). */
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Set only when given in the environment; otherwise main.ts generates one kept in dataDir. */
  jwtSecret: string | undefined;
  uploadMaxBytes: number;
  /** Largest zip POST /api/import/ takes (IMPORT_MAX_BYTES; docs/operations.md). */
  importMaxBytes: number;
  /**
   * The import's worker thread: compute time (IMPORT_CPU_SECONDS), wall time (ten times that)
   * and heap (IMPORT_MEMORY_MB) it may use before its archive is refused (decision 185).
   */
  importWorker: { cpuMs: number; wallMs: number; memoryMb: number };
  /** How long a background job's claim holds without renewal (JOB_LEASE_SECONDS; decision 133). */
  jobLeaseSeconds: number;
  /** Most bytes of files one user may keep (docs/operations.md); past it an upload is a 413. */
  storageQuotaBytes: number;
  trustProxy: boolean;
  /** The address people open the site at, for links in mails (default http://localhost:PORT). */
  publicUrl: string;
  logLevel: string;
  /** Where uploaded bytes go: DATA_DIR/files, or an S3 bucket (docs/operations.md). */
  fileStore: { kind: 'disk' } | ({ kind: 's3' } & S3Settings);
  /** The bearer token of GET /api/metrics; unset, the route answers 404 as if absent. */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {}

/** Environment -> typed config. Throws ConfigError with one readable line on a bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    importWorker: {
      cpuMs: e.IMPORT_CPU_SECONDS * 1000,
      wallMs: e.IMPORT_CPU_SECONDS * 10_000,
      memoryMb: e.IMPORT_MEMORY_MB,
    },
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    trustProxy: e.TRUST_PROXY,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    fileStore:
      e.FILE_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            // Both checked by the schema's refinement above.
            region: e.S3_REGION ?? '',
            bucket: e.S3_BUCKET ?? '',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'disk' },
    metricsToken: e.METRICS_TOKEN,
  };
}

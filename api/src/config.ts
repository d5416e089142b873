import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devOverrideOriginsFrom } from '@skynet/site/dev-overrides';

/** The repository root: two levels above api/src or api/dist (this file sits directly in one of them). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The api package folder (holds drizzle/ migrations). */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** An S3-compatible bucket for avatars (AWS S3, MinIO, R2, ...), addressed path-style: `<endpoint>/<bucket>/<key>`. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  siteDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** null = read or create `$DATA_DIR/jwt-secret` at start. */
  jwtSecret: string | null;
  publicOrigin: string;
  corsOrigins: string[];
  smtpUrl: string | null;
  mailFrom: string;
  oidc: OidcConfig | null;
  /** null = avatars are files under `$DATA_DIR/media/avatars`. */
  s3: S3Config | null;
  supportEmail: string;
  supportPhone: string;
  rateLimit: boolean;
  logLevel: string;
  csp: boolean;
  /**
   * NODE_ENV; unset means `production` (strict CSP, no source maps). Developer conveniences are opt-in with
   * NODE_ENV=development.
   */
  environment: string;
  /** The OpenAPI document and its UI at /api/docs (API_DOCS=on; off by default). */
  apiDocs: boolean;
  /**
   * Origins a developer override may load a remote from: /config.json's devOverrideOrigins and the CSP's sources alike
   * (DEV_OVERRIDE_ORIGINS; default loopback in development and test, none in production).
   */
  devOverrideOrigins: string[];
  /** Days an account waits between deletion and purge. */
  purgeAfterDays: number;
  /**
   * A session not refreshed for this many minutes ends (SESSION_IDLE_MINUTES, default 30: OWASP ASVS 4.0.3 V3.3.2
   * L2). The browser refreshes while a page is open, so this is time away from the product.
   */
  sessionIdleMinutes: number;
  /** A session ends this many hours after its sign-in whatever happens (SESSION_MAX_HOURS, default 12: ASVS V3.3.2). */
  sessionMaxHours: number;
  /**
   * SIGNUP_CONFIRMATION (default on): a sign-up is mailed a link confirming its address, and has the limits of an
   * unconfirmed account until it is opened (docs/security.md). Off: sign-ups count as confirmed at once, no link is
   * mailed (a deployment that sends no mail).
   */
  signupConfirmation: boolean;
  /** Lifetime of an access token in seconds (ACCESS_TOKEN_TTL_SECONDS, default 900); refresh tokens renew it. */
  accessTokenTtlSeconds: number;
  /** Names this process in `x-skynet-node` and `/api/health` (NODE_NAME, default `<hostname>-<pid>`). */
  nodeName: string;
  /**
   * Which peers may set X-Forwarded-For (TRUST_PROXY): false = none (the socket's address is the client), a number =
   * that many proxy hops in front, a list = proxies by address/CIDR (or proxy-addr's `loopback`, `linklocal`,
   * `uniquelocal`).
   */
  trustProxy: false | number | string[];
  /** Fastify's handlerTimeout: a request not answered within this many ms gets a 503 (0 = none). */
  requestTimeoutMs: number;
  /** METRICS_PORT: Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics; null (unset) for none. */
  metricsPort: number | null;
  /** METRICS_HOST: where the metrics port listens (default 127.0.0.1: only this machine's scraper). */
  metricsHost: string;
  /** PostgreSQL `statement_timeout` of the API's pool in ms (0 = none). */
  statementTimeoutMs: number;
  /** Longest a SIGTERM/SIGINT shutdown waits for sockets and requests to drain before the process exits. */
  shutdownTimeoutMs: number;
  /** node-redis's command timeout: a command not yet written to Redis within this many ms fails. */
  redisCommandTimeoutMs: number;
  /**
   * Longest a request waits for one Redis call (a rate-limit or socket-event counter, a feed-cache announcement):
   * past it the request goes on without Redis (REDIS_DEADLINE_MS, default 300).
   */
  redisDeadlineMs: number;
  /**
   * PostgreSQL only: a watchdog probe unanswered this long means the server is frozen or unreachable; queries then
   * fail at once with a 503 until it answers again (DATABASE_DEADLINE_MS, default 1000; 0 = no watchdog).
   */
  databaseDeadlineMs: number;
  /** Most (estimated) bytes of chat history one process keeps in memory (CHAT_CACHE_MB, default 64). */
  chatCacheBytes: number;
  /** Mail delivery retries after the first attempt (MAIL_RETRY_LIMIT, default 8), then the mail is given up. */
  mailRetryLimit: number;
  /** Backoff base (MAIL_RETRY_DELAY_SECONDS, default 10): retry n waits delay * 2^(n-1) to twice that. */
  mailRetryDelaySeconds: number;
  /** When the purge of deleted accounts and expired rows runs: a 5-field cron in UTC (PURGE_CRON, `17 * * * *`). */
  purgeCron: string;
  /**
   * How often the release analysis job judges every canary (RELEASE_ANALYSIS_SECONDS, default 60; 0: never, for a
   * deployment that moves canaries only by hand). One round runs at a time across all nodes.
   */
  releaseAnalysisSeconds: number;
  /**
   * MIGRATE_ON_START (default on): the server applies pending migrations (and the seed) as it starts. Off: it only
   * checks, and refuses to start while the schema is behind (`npm run migrate` applies them, docs/operations.md).
   */
  migrateOnStart: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function isUrl(value: string, protocols: string[]): boolean {
  try {
    const u = new URL(value);
    return protocols.includes(u.protocol);
  } catch {
    return false;
  }
}

/**
 * Reads and validates the environment once, naming every bad variable (bulletproof-react `config/env.ts` habit).
 * Throws a ConfigError listing all problems.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const str = (name: string): string | null => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? null : v.trim();
  };

  /** A port number from `name`, or null when unset (a problem when it is not one). */
  const portFrom = (name: string): number | null => {
    const raw = str(name);
    if (raw === null) return null;
    const n = Number(raw);
    if (Number.isInteger(n) && n >= 0 && n <= 65535) return n;
    problems.push(`${name} must be a port number 0-65535, got "${raw}".`);
    return null;
  };
  const port = portFrom('PORT') ?? 8080;
  const host = str('HOST') ?? '0.0.0.0';
  // Prometheus metrics on a port of their own, never the public one (plugins/external/metrics.ts); off when unset.
  const metricsPort = portFrom('METRICS_PORT');
  const metricsHost = str('METRICS_HOST') ?? '127.0.0.1';

  const dataDir = path.resolve(str('DATA_DIR') ?? path.join(REPO_ROOT, '.data'));
  const siteDir = path.resolve(str('SITE_DIR') ?? path.join(dataDir, 'site'));

  const databaseUrl = str('DATABASE_URL');
  if (databaseUrl !== null && !isUrl(databaseUrl, ['postgres:', 'postgresql:'])) {
    problems.push(
      'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded database).',
    );
  }
  const redisUrl = str('REDIS_URL');
  if (redisUrl !== null && !isUrl(redisUrl, ['redis:', 'rediss:'])) {
    problems.push('REDIS_URL must be a redis:// or rediss:// URL.');
  }
  const jwtSecret = str('JWT_SECRET');
  if (jwtSecret !== null && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long (leave it unset to generate one).');
  }

  let publicOrigin = `http://localhost:${port}`;
  const rawOrigin = str('PUBLIC_ORIGIN');
  if (rawOrigin !== null) {
    if (!isUrl(rawOrigin, ['http:', 'https:']))
      problems.push('PUBLIC_ORIGIN must be an http(s) origin such as https://skynet.example.');
    else publicOrigin = new URL(rawOrigin).origin;
  }

  const corsOrigins: string[] = [];
  for (const o of (str('CORS_ORIGINS') ?? '').split(',')) {
    const t = o.trim();
    if (!t) continue;
    if (!isUrl(t, ['http:', 'https:'])) problems.push(`CORS_ORIGINS entry "${t}" is not an http(s) origin.`);
    else corsOrigins.push(new URL(t).origin);
  }

  const smtpUrl = str('SMTP_URL');
  if (smtpUrl !== null && !isUrl(smtpUrl, ['smtp:', 'smtps:']))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL.');
  const mailFrom = str('MAIL_FROM') ?? 'Skynet <no-reply@skynet.local>';

  const issuer = str('OIDC_ISSUER');
  const clientId = str('OIDC_CLIENT_ID');
  const clientSecret = str('OIDC_CLIENT_SECRET');
  let oidc: OidcConfig | null = null;
  if (issuer !== null || clientId !== null || clientSecret !== null) {
    if (issuer === null)
      problems.push('OIDC_ISSUER is required when OIDC_CLIENT_ID or OIDC_CLIENT_SECRET is set.');
    else if (!isUrl(issuer, ['http:', 'https:'])) problems.push('OIDC_ISSUER must be an http(s) URL.');
    if (clientId === null) problems.push('OIDC_CLIENT_ID is required when OIDC_ISSUER is set.');
    if (clientSecret === null) problems.push('OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set.');
    if (issuer && clientId && clientSecret) oidc = { issuer, clientId, clientSecret };
  }

  const s3Endpoint = str('S3_ENDPOINT');
  const s3Bucket = str('S3_BUCKET');
  const s3Key = str('S3_ACCESS_KEY_ID');
  const s3Secret = str('S3_SECRET_ACCESS_KEY');
  let s3: S3Config | null = null;
  if (s3Endpoint !== null || s3Bucket !== null || s3Key !== null || s3Secret !== null) {
    if (s3Endpoint === null) problems.push('S3_ENDPOINT is required when any S3_* variable is set.');
    else if (!isUrl(s3Endpoint, ['http:', 'https:'])) problems.push('S3_ENDPOINT must be an http(s) URL.');
    if (s3Bucket === null) problems.push('S3_BUCKET is required when S3_ENDPOINT is set.');
    else if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(s3Bucket))
      problems.push('S3_BUCKET is not a valid bucket name.');
    if (s3Key === null) problems.push('S3_ACCESS_KEY_ID is required when S3_ENDPOINT is set.');
    if (s3Secret === null) problems.push('S3_SECRET_ACCESS_KEY is required when S3_ENDPOINT is set.');
    if (s3Endpoint && s3Bucket && s3Key && s3Secret) {
      s3 = {
        endpoint: s3Endpoint.replace(/\/+$/, ''),
        bucket: s3Bucket,
        region: str('S3_REGION') ?? 'us-east-1',
        accessKeyId: s3Key,
        secretAccessKey: s3Secret,
      };
    }
  }

  const rawRate = (str('RATE_LIMIT') ?? 'on').toLowerCase();
  if (!['on', 'off'].includes(rawRate)) problems.push(`RATE_LIMIT must be "on" or "off", got "${rawRate}".`);
  const rawCsp = (str('CSP') ?? 'on').toLowerCase();
  if (!['on', 'off'].includes(rawCsp)) problems.push(`CSP must be "on" or "off", got "${rawCsp}".`);
  const rawDocs = (str('API_DOCS') ?? 'off').toLowerCase();
  if (!['on', 'off'].includes(rawDocs)) problems.push(`API_DOCS must be "on" or "off", got "${rawDocs}".`);

  const rawConfirm = (str('SIGNUP_CONFIRMATION') ?? 'on').toLowerCase();
  if (!['on', 'off'].includes(rawConfirm))
    problems.push(`SIGNUP_CONFIRMATION must be "on" or "off", got "${rawConfirm}".`);

  const rawMigrate = (str('MIGRATE_ON_START') ?? 'on').toLowerCase();
  const migrateOnStart = ['on', 'true', '1'].includes(rawMigrate);
  if (!migrateOnStart && !['off', 'false', '0'].includes(rawMigrate))
    problems.push(`MIGRATE_ON_START must be "on" or "off", got "${rawMigrate}".`);

  const logLevel = (str('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);

  const nodeName = str('NODE_NAME') ?? `${os.hostname()}-${process.pid}`;
  if (!/^[\x21-\x7e]{1,100}$/.test(nodeName))
    problems.push('NODE_NAME must be 1-100 printable ASCII characters without spaces.');

  let trustProxy: Config['trustProxy'] = false;
  const rawProxy = str('TRUST_PROXY');
  if (rawProxy !== null && !['0', 'false', 'off'].includes(rawProxy.toLowerCase())) {
    if (/^\d+$/.test(rawProxy)) {
      const hops = Number(rawProxy);
      if (hops > 32) problems.push(`TRUST_PROXY hop count must be 0-32, got ${rawProxy}.`);
      else trustProxy = hops;
    } else {
      const list = rawProxy
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      const bad = list.filter((x) => !isProxyEntry(x));
      if (bad.length > 0)
        problems.push(
          `TRUST_PROXY must be a hop count or a comma list of addresses/CIDRs, got "${bad.join('", "')}".`,
        );
      else trustProxy = list;
    }
  }

  const ms = (name: string, fallback: number, max: number): number => {
    const raw = str(name);
    if (raw === null) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > max) {
      problems.push(`${name} must be a whole number of milliseconds 0-${max}, got "${raw}".`);
      return fallback;
    }
    return n;
  };
  const requestTimeoutMs = ms('REQUEST_TIMEOUT_MS', 30_000, 3_600_000);
  const statementTimeoutMs = ms('STATEMENT_TIMEOUT_MS', 5_000, 3_600_000);
  const shutdownTimeoutMs = ms('SHUTDOWN_TIMEOUT_MS', 10_000, 600_000);
  const redisCommandTimeoutMs = ms('REDIS_COMMAND_TIMEOUT_MS', 1_000, 60_000);

  let chatCacheBytes = 64 * 1024 * 1024;
  const rawChatCache = str('CHAT_CACHE_MB');
  if (rawChatCache !== null) {
    const n = Number(rawChatCache);
    if (!Number.isInteger(n) || n < 1 || n > 65_536)
      problems.push(`CHAT_CACHE_MB must be a whole number of megabytes 1-65536, got "${rawChatCache}".`);
    else chatCacheBytes = n * 1024 * 1024;
  }

  const whole = (name: string, fallback: number, min: number, max: number): number => {
    const raw = str(name);
    if (raw === null) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < min || n > max) {
      problems.push(`${name} must be a whole number ${min}-${max}, got "${raw}".`);
      return fallback;
    }
    return n;
  };
  const mailRetryLimit = whole('MAIL_RETRY_LIMIT', 8, 0, 20);
  const redisDeadlineMs = whole('REDIS_DEADLINE_MS', 300, 1, 60_000);
  const databaseDeadlineMs = ms('DATABASE_DEADLINE_MS', 1_000, 60_000);
  const mailRetryDelaySeconds = whole('MAIL_RETRY_DELAY_SECONDS', 10, 1, 3_600);
  const sessionIdleMinutes = whole('SESSION_IDLE_MINUTES', 30, 1, 43_200);
  const sessionMaxHours = whole('SESSION_MAX_HOURS', 12, 1, 8_760);
  if (sessionIdleMinutes > sessionMaxHours * 60)
    problems.push(
      `SESSION_IDLE_MINUTES (${sessionIdleMinutes}) must not exceed SESSION_MAX_HOURS (${sessionMaxHours}) in minutes.`,
    );
  const releaseAnalysisSeconds = whole('RELEASE_ANALYSIS_SECONDS', 60, 0, 86_400);
  const purgeCron = str('PURGE_CRON') ?? '17 * * * *';
  if (!/^[\d*/,-]+( [\d*/,-]+){4}$/.test(purgeCron))
    problems.push(`PURGE_CRON must be a 5-field cron expression such as "17 * * * *", got "${purgeCron}".`);
  let accessTokenTtlSeconds = 900;
  const rawTtl = str('ACCESS_TOKEN_TTL_SECONDS');
  if (rawTtl !== null) {
    if (!/^\d+$/.test(rawTtl) || Number(rawTtl) < 2 || Number(rawTtl) > 86_400)
      problems.push(`ACCESS_TOKEN_TTL_SECONDS must be a whole number of seconds 2-86400, got "${rawTtl}".`);
    else accessTokenTtlSeconds = Number(rawTtl);
  }

  const overrides = devOverrideOriginsFrom(env);
  if (overrides.problem) problems.push(overrides.problem);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    siteDir,
    databaseUrl,
    redisUrl,
    jwtSecret,
    publicOrigin,
    corsOrigins,
    smtpUrl,
    mailFrom,
    oidc,
    s3,
    supportEmail: str('SUPPORT_EMAIL') ?? 'support@skynet.local',
    supportPhone: str('SUPPORT_PHONE') ?? '+1 604 555 0100',
    rateLimit: rawRate === 'on',
    logLevel,
    csp: rawCsp === 'on',
    environment: str('NODE_ENV') ?? 'production',
    apiDocs: rawDocs === 'on',
    devOverrideOrigins: overrides.origins,
    purgeAfterDays: 30,
    accessTokenTtlSeconds,
    sessionIdleMinutes,
    sessionMaxHours,
    signupConfirmation: rawConfirm !== 'off',
    nodeName,
    trustProxy,
    requestTimeoutMs,
    metricsPort,
    metricsHost,
    statementTimeoutMs,
    shutdownTimeoutMs,
    redisCommandTimeoutMs,
    redisDeadlineMs,
    databaseDeadlineMs,
    chatCacheBytes,
    mailRetryLimit,
    mailRetryDelaySeconds,
    purgeCron,
    releaseAnalysisSeconds,
    migrateOnStart,
  };
}

/** An address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's names. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

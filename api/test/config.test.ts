import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config.js';

describe('configuration', () => {
  it('has working defaults with no environment', () => {
    const c = loadConfig({});
    assert.equal(c.port, 8080);
    assert.equal(c.host, '0.0.0.0');
    assert.equal(c.dataDir, path.join(REPO_ROOT, '.data'));
    assert.equal(c.siteDir, path.join(REPO_ROOT, '.data', 'site'));
    assert.equal(c.publicOrigin, 'http://localhost:8080');
    assert.equal(c.databaseUrl, null);
    assert.equal(c.oidc, null);
    assert.equal(c.rateLimit, true);
  });

  it('names every bad variable in one error', () => {
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        RATE_LIMIT: 'maybe',
        OIDC_ISSUER: 'https://id.example',
        JWT_SECRET: 'short',
      });
      assert.fail('should throw');
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      const text = err.message;
      for (const name of [
        'PORT',
        'DATABASE_URL',
        'RATE_LIMIT',
        'OIDC_CLIENT_ID',
        'OIDC_CLIENT_SECRET',
        'JWT_SECRET',
      ]) {
        assert.match(text, new RegExp(name));
      }
    }
  });

  it('reads CORS origins and the public origin', () => {
    const c = loadConfig({
      CORS_ORIGINS: 'https://a.example, http://localhost:3000',
      PUBLIC_ORIGIN: 'https://skynet.example/',
    });
    assert.deepEqual(c.corsOrigins, ['https://a.example', 'http://localhost:3000']);
    assert.equal(c.publicOrigin, 'https://skynet.example');
  });

  it('migrates at start unless MIGRATE_ON_START is off', () => {
    assert.equal(loadConfig({}).migrateOnStart, true);
    for (const on of ['on', 'true', '1', 'ON'])
      assert.equal(loadConfig({ MIGRATE_ON_START: on }).migrateOnStart, true);
    for (const off of ['off', 'false', '0'])
      assert.equal(loadConfig({ MIGRATE_ON_START: off }).migrateOnStart, false);
    assert.throws(
      () => loadConfig({ MIGRATE_ON_START: 'later' }),
      (err: unknown) => err instanceof ConfigError && /MIGRATE_ON_START/.test(err.message),
    );
  });

  it('reads the PostgreSQL watchdog deadline in milliseconds (DATABASE_DEADLINE_MS, default 1000, 0 = none)', () => {
    assert.equal(loadConfig({}).databaseDeadlineMs, 1000);
    assert.equal(loadConfig({ DATABASE_DEADLINE_MS: '0' }).databaseDeadlineMs, 0);
    assert.equal(loadConfig({ DATABASE_DEADLINE_MS: '2500' }).databaseDeadlineMs, 2500);
    assert.throws(
      () => loadConfig({ DATABASE_DEADLINE_MS: 'soon' }),
      (err: unknown) => err instanceof ConfigError && /DATABASE_DEADLINE_MS/.test(err.message),
    );
  });

  it('reads the Redis call deadline in milliseconds (REDIS_DEADLINE_MS, default 300)', () => {
    assert.equal(loadConfig({}).redisDeadlineMs, 300);
    assert.equal(loadConfig({ REDIS_DEADLINE_MS: '500' }).redisDeadlineMs, 500);
    for (const bad of ['0', '-1', '0.5', '1s', '60001'])
      assert.throws(
        () => loadConfig({ REDIS_DEADLINE_MS: bad }),
        (err: unknown) => err instanceof ConfigError && /REDIS_DEADLINE_MS/.test(err.message),
        bad,
      );
  });

  it('bounds the chat history cache in megabytes (CHAT_CACHE_MB, default 64)', () => {
    assert.equal(loadConfig({}).chatCacheBytes, 64 * 1024 * 1024);
    assert.equal(loadConfig({ CHAT_CACHE_MB: '16' }).chatCacheBytes, 16 * 1024 * 1024);
    for (const bad of ['0', '-1', '1.5', 'lots', '70000']) {
      assert.throws(
        () => loadConfig({ CHAT_CACHE_MB: bad }),
        (err: unknown) => err instanceof ConfigError && /CHAT_CACHE_MB/.test(err.message),
        bad,
      );
    }
  });
});

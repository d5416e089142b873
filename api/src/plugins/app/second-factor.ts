// The second factor (issue 32): an authenticator app (TOTP, RFC 6238), passkeys (WebAuthn) and single-use recovery
// codes, and the short-lived challenge that holds a sign-in between its password and its second factor.
import { randomInt } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Secret, TOTP } from 'otpauth';
import { type Db, rows } from '../../db/database.js';
import { randomToken, sha256 } from '../../lib/ids.js';

/** How long a sign-in waits for its second factor, and how many wrong codes it takes. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const LOGIN_CHALLENGE_TRIES = 5;
/** How long a passkey registration's challenge holds. */
const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
const TOTP_PERIOD_S = 30;
/** Codes one step either side of now are taken (a phone's clock a little off). */
const TOTP_WINDOW = 1;
const TOTP_PURPOSE = 'totp-secret';
const ISSUER = 'Skynet';
/** Recovery codes: 10 characters from an alphabet without look-alikes (0/o, 1/l), shown as `xxxxx-xxxxx`. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer | Uint8Array;
  counter: number | string;
  transports: string;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

/** What a person's account has: the methods its sign-in asks for (empty: no second factor). */
export interface Factors {
  totp: boolean;
  passkeys: PasskeyRow[];
  recoveryCodesLeft: number;
}

export const methodsOf = (f: Factors): SecondFactorMethod[] => {
  const methods: SecondFactorMethod[] = [];
  if (f.totp) methods.push('totp');
  if (f.passkeys.length > 0) methods.push('passkey');
  if (methods.length > 0 && f.recoveryCodesLeft > 0) methods.push('recovery');
  return methods;
};

/** A recovery code as typed: any case, with or without the dash and spaces. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
/**
 * A recovery code as stored: SHA-256 of the account's id (a unique random 122-bit salt, ASVS 2.6.2) and the code, so
 * one table of precomputed hashes cannot open every account's codes at once.
 */
const recoveryHash = (userId: string, normalized: string) => sha256(`${userId}:${normalized}`);
const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });

export function createSecondFactor(app: FastifyInstance) {
  const db: Db = app.db;
  const origin = app.config.publicOrigin;
  const rpID = new URL(origin).hostname;

  /** The TOTP time step a code is valid for, or null. */
  const totpStep = (secretBase32: string, code: string): number | null => {
    const token = code.replace(/\s/g, '');
    const delta = totpOf(secretBase32, '').validate({ token, window: TOTP_WINDOW });
    if (delta === null) return null;
    return Math.floor(Date.now() / 1000 / TOTP_PERIOD_S) + delta;
  };

  const openSecret = (sealed: string | null) => (sealed ? app.sealer.open(sealed, TOTP_PURPOSE) : null);

  const factors = {
    async of(userId: string): Promise<Factors> {
      const [[user], passkeys, [codes]] = await Promise.all([
        rows<{ totp: boolean }>(
          db,
          sql`SELECT totp_secret IS NOT NULL AS totp FROM users WHERE id = ${userId}`,
        ),
        rows<PasskeyRow>(db, sql`SELECT * FROM passkeys WHERE user_id = ${userId} ORDER BY created_at`),
        rows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`,
        ),
      ]);
      return { totp: user?.totp ?? false, passkeys, recoveryCodesLeft: codes?.n ?? 0 };
    },

    /** Starts an authenticator enrolment: a new secret, kept sealed until a code from it confirms it. */
    async setupTotp(userId: string, label: string): Promise<{ secret: string; otpauthUrl: string }> {
      const secret = new Secret({ size: 20 }).base32;
      await db.execute(
        sql`UPDATE users SET totp_pending_secret = ${app.sealer.seal(secret, TOTP_PURPOSE)} WHERE id = ${userId}`,
      );
      return { secret, otpauthUrl: totpOf(secret, label).toString() };
    },

    /**
     * Confirms the pending secret with a code from it: the authenticator is on, and the account gets recovery codes
     * (new ones, shown once). Null when the code is wrong or there is no pending secret.
     */
    async enableTotp(userId: string, code: string): Promise<string[] | null> {
      const [row] = await rows<{ pending: string | null }>(
        db,
        sql`SELECT totp_pending_secret AS pending FROM users WHERE id = ${userId}`,
      );
      const secret = openSecret(row?.pending ?? null);
      if (!secret) return null;
      const step = totpStep(secret, code);
      if (step === null) return null;
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL,
                totp_enabled_at = now(), totp_last_step = ${step}
              WHERE id = ${userId}`,
        );
        return replaceRecoveryCodes(tx, userId);
      });
    },

    /** Turns the authenticator off; the recovery codes go too when no passkey is left. */
    async disableTotp(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL,
                totp_last_step = NULL
              WHERE id = ${userId}`,
        );
        await tx.execute(
          sql`DELETE FROM recovery_codes WHERE user_id = ${userId}
                AND NOT EXISTS (SELECT 1 FROM passkeys WHERE user_id = ${userId})`,
        );
      });
    },

    /**
     * Checks a code of the account, and uses it up: a code from the authenticator (each time step once: a replayed
     * code is refused) or a recovery code (each once). Which kind it was, or null.
     */
    async useCode(userId: string, code: string): Promise<'totp' | 'recovery' | null> {
      if (looksLikeTotp(code)) {
        const [row] = await rows<{ secret: string | null }>(
          db,
          sql`SELECT totp_secret AS secret FROM users WHERE id = ${userId}`,
        );
        const secret = openSecret(row?.secret ?? null);
        if (!secret) return null;
        const step = totpStep(secret, code);
        if (step === null) return null;
        // One statement decides: two sign-ins racing with the same code cannot both pass.
        const used = await rows(
          db,
          sql`UPDATE users SET totp_last_step = ${step}
              WHERE id = ${userId} AND (totp_last_step IS NULL OR totp_last_step < ${step}) RETURNING id`,
        );
        return used.length > 0 ? 'totp' : null;
      }
      const normalized = normalizeRecovery(code);
      if (normalized.length !== 10) return null;
      const used = await rows(
        db,
        sql`UPDATE recovery_codes SET used_at = now()
            WHERE user_id = ${userId} AND code_hash = ${recoveryHash(userId, normalized)} AND used_at IS NULL RETURNING user_id`,
      );
      return used.length > 0 ? 'recovery' : null;
    },

    async renewRecoveryCodes(userId: string): Promise<string[]> {
      return db.transaction((tx) => replaceRecoveryCodes(tx, userId));
    },

    /** Creation options for a new passkey; the challenge is kept for `addPasskey` (5 minutes). */
    async passkeyOptions(user: {
      id: string;
      user_name: string;
    }): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const existing = await rows<PasskeyRow>(db, sql`SELECT * FROM passkeys WHERE user_id = ${user.id}`);
      const options = await generateRegistrationOptions({
        rpName: ISSUER,
        rpID,
        userName: user.user_name,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM auth_challenges WHERE user_id = ${user.id} AND purpose = 'passkey'`);
        await tx.execute(
          sql`INSERT INTO auth_challenges (id_hash, user_id, purpose, challenge, expires_at)
              VALUES (${sha256(randomToken())}, ${user.id}, 'passkey', ${options.challenge},
                      ${new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS)})`,
        );
      });
      return options;
    },

    /**
     * Registers the browser's answer to `passkeyOptions`. The new passkey and, when it is the account's first second
     * factor, new recovery codes (else none). Null when the answer does not verify or its challenge is gone.
     */
    async addPasskey(
      userId: string,
      name: string,
      response: RegistrationResponseJSON,
    ): Promise<{ passkey: PasskeyRow; recoveryCodes: string[] } | null> {
      const [pending] = await rows<{ challenge: string }>(
        db,
        sql`DELETE FROM auth_challenges
            WHERE user_id = ${userId} AND purpose = 'passkey' AND expires_at > now() RETURNING challenge`,
      );
      if (!pending) return null;
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: pending.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch {
        return null;
      }
      if (!verification.verified) return null;
      const { credential } = verification.registrationInfo;
      return db
        .transaction(async (tx) => {
          const before = await factorCount(tx, userId);
          const [passkey] = await rows<PasskeyRow>(
            tx,
            sql`INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name)
              VALUES (${userId}, ${credential.id}, ${Buffer.from(credential.publicKey)}, ${credential.counter},
                      ${(credential.transports ?? []).join(',')}, ${name})
              ON CONFLICT (credential_id) DO NOTHING
              RETURNING *`,
          );
          if (!passkey) return tx.rollback();
          const recoveryCodes = before === 0 ? await replaceRecoveryCodes(tx, userId) : [];
          return { passkey, recoveryCodes };
        })
        .catch((err: unknown) => {
          if (err instanceof TransactionRollbackError) return null;
          throw err;
        });
    },

    /** Removes one passkey; the recovery codes go too when it was the last second factor. False when not theirs. */
    async removePasskey(userId: string, passkeyId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await rows(
          tx,
          sql`DELETE FROM passkeys WHERE id = ${passkeyId} AND user_id = ${userId} RETURNING id`,
        );
        if (gone.length === 0) return false;
        if ((await factorCount(tx, userId)) === 0)
          await tx.execute(sql`DELETE FROM recovery_codes WHERE user_id = ${userId}`);
        return true;
      });
    },

    /**
     * A sign-in waiting for its second factor: the token the client holds (only its SHA-256 is stored) and, when the
     * account has passkeys, the WebAuthn request options whose challenge is kept with it.
     */
    async startLogin(
      userId: string,
      f: Factors,
    ): Promise<{ challenge: string; passkeyOptions?: PublicKeyCredentialRequestOptionsJSON }> {
      const challenge = randomToken();
      const passkeyOptions =
        f.passkeys.length > 0
          ? await generateAuthenticationOptions({
              rpID,
              allowCredentials: f.passkeys.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
              userVerification: 'preferred',
            })
          : undefined;
      await db.transaction(async (tx) => {
        // Old waiting sign-ins of the account go (one person, one pending sign-in at a time is plenty).
        await tx.execute(
          sql`DELETE FROM auth_challenges WHERE user_id = ${userId} AND purpose = 'login' AND expires_at < now()`,
        );
        await tx.execute(
          sql`INSERT INTO auth_challenges (id_hash, user_id, purpose, challenge, expires_at)
              VALUES (${sha256(challenge)}, ${userId}, 'login', ${passkeyOptions?.challenge ?? null},
                      ${new Date(Date.now() + LOGIN_CHALLENGE_TTL_MS)})`,
        );
      });
      return passkeyOptions ? { challenge, passkeyOptions } : { challenge };
    },

    /**
     * Counts one try of a waiting sign-in: its account and WebAuthn challenge, or null when it is unknown, used,
     * expired or out of tries (then it is over: the person starts again with their password).
     */
    async tryLogin(challenge: string): Promise<{ userId: string; webauthnChallenge: string | null } | null> {
      const [row] = await rows<{ user_id: string; challenge: string | null }>(
        db,
        sql`UPDATE auth_challenges SET attempts = attempts + 1
            WHERE id_hash = ${sha256(challenge)} AND purpose = 'login' AND used_at IS NULL
              AND expires_at > now() AND attempts < ${LOGIN_CHALLENGE_TRIES}
            RETURNING user_id, challenge`,
      );
      return row ? { userId: row.user_id, webauthnChallenge: row.challenge } : null;
    },

    /** Marks a waiting sign-in done (its second factor passed): it cannot be used again. */
    async finishLogin(challenge: string): Promise<boolean> {
      const r = await rows(
        db,
        sql`UPDATE auth_challenges SET used_at = now()
            WHERE id_hash = ${sha256(challenge)} AND used_at IS NULL RETURNING id_hash`,
      );
      return r.length > 0;
    },

    /** Verifies a passkey's answer to a waiting sign-in's challenge, and advances its signature counter. */
    async usePasskey(
      userId: string,
      webauthnChallenge: string | null,
      response: AuthenticationResponseJSON,
    ): Promise<boolean> {
      if (!webauthnChallenge || typeof response.id !== 'string') return false;
      const [passkey] = await rows<PasskeyRow>(
        db,
        sql`SELECT * FROM passkeys WHERE user_id = ${userId} AND credential_id = ${response.id}`,
      );
      if (!passkey) return false;
      try {
        const result = await verifyAuthenticationResponse({
          response,
          expectedChallenge: webauthnChallenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: passkey.credential_id,
            publicKey: new Uint8Array(passkey.public_key),
            counter: Number(passkey.counter),
            transports: transportsOf(passkey),
          },
          requireUserVerification: false,
        });
        if (!result.verified) return false;
        await db.execute(
          sql`UPDATE passkeys SET counter = ${result.authenticationInfo.newCounter}, last_used_at = now()
              WHERE id = ${passkey.id}`,
        );
        return true;
      } catch {
        return false;
      }
    },
  };
  return factors;
}

const transportsOf = (p: PasskeyRow) => (p.transports ? p.transports.split(',') : undefined);

async function factorCount(q: Pick<Db, 'execute'>, userId: string): Promise<number> {
  const [r] = await rows<{ n: number }>(
    q,
    sql`SELECT (SELECT count(*) FROM passkeys WHERE user_id = ${userId})::int
             + (SELECT count(*) FROM users WHERE id = ${userId} AND totp_secret IS NOT NULL)::int AS n`,
  );
  return r?.n ?? 0;
}

/** New recovery codes replace every earlier one of the account; returned in the clear once, stored as SHA-256. */
async function replaceRecoveryCodes(q: Pick<Db, 'execute'>, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await q.execute(sql`DELETE FROM recovery_codes WHERE user_id = ${userId}`);
  for (const code of codes)
    await q.execute(
      sql`INSERT INTO recovery_codes (user_id, code_hash) VALUES (${userId}, ${recoveryHash(userId, normalizeRecovery(code))})`,
    );
  return codes;
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;

declare module 'fastify' {
  interface FastifyInstance {
    secondFactor: SecondFactor;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('secondFactor', createSecondFactor(app));
  },
  { name: 'second-factor', dependencies: ['database', 'auth'] },
);

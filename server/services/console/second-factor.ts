import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { staffRecoveryCodes, staffTotp } from "../../db/schema.ts";
import { seal, unseal } from "./sealed-secret.ts";

/** The second factor's services need the key its secrets are sealed with. */
export type SecondFactorDeps = { db: Database; clock: Clock; totpKey: Buffer };

const PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_CODE_FORMAT = /^[a-z2-7]{6}-[a-z2-7]{6}$/;
const TOTP_CODE_FORMAT = /^\d{6}$/;

function totpFor(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(code.trim().toLowerCase()).digest("hex");
}

/** Two groups of six base32 letters: 60 random bits, easy to read out and type. */
function newRecoveryCode(): string {
  const letters = Secret.fromHex(randomBytes(8).toString("hex")).base32.toLowerCase().slice(0, 12);
  return `${letters.slice(0, 6)}-${letters.slice(6, 12)}`;
}

export type Enrolment = { secret: string; uri: string; qrSvg: string };

/**
 * Starts (or restarts) enrolment: a fresh secret, unconfirmed until a code
 * from the app is entered. A confirmed factor is never replaced here.
 */
export async function startEnrolment(
  { db, clock, totpKey }: SecondFactorDeps,
  user: { id: number; email: string },
  issuer: string,
): Promise<Enrolment | null> {
  const secret = new Secret({ size: 20 }).base32;
  const sealed = seal(totpKey, secret);
  const written = await db
    .insert(staffTotp)
    .values({ userId: user.id, secret: sealed, createdAt: clock.now() })
    .onConflictDoUpdate({ target: staffTotp.userId, set: { secret: sealed, createdAt: clock.now() }, where: isNull(staffTotp.confirmedAt) })
    .returning({ userId: staffTotp.userId });
  if (written.length === 0) return null;
  const uri = totpFor(secret, issuer, user.email).toString();
  return { secret, uri, qrSvg: await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" }) };
}

/**
 * Checks a six-digit code (one step of clock drift either way) and marks its
 * step used in the same statement, so the same code never works twice.
 */
async function acceptCode({ db, clock, totpKey }: SecondFactorDeps, userId: number, code: string, confirmed: boolean): Promise<boolean> {
  if (!TOTP_CODE_FORMAT.test(code)) return false;
  const [row] = await db.select().from(staffTotp).where(eq(staffTotp.userId, userId));
  if (!row || (row.confirmedAt !== null) !== confirmed) return false;
  const secret = unseal(totpKey, row.secret);
  if (!secret) return false;
  const now = clock.now().getTime();
  const delta = totpFor(secret, "", "").validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  const used = await db
    .update(staffTotp)
    .set({ lastUsedStep: step, confirmedAt: row.confirmedAt ?? clock.now() })
    .where(and(eq(staffTotp.userId, userId), lt(staffTotp.lastUsedStep, step)))
    .returning({ userId: staffTotp.userId });
  return used.length === 1;
}

/** Confirms enrolment with the first code; answers the recovery codes, shown once and kept only as hashes. */
export async function confirmEnrolment(deps: SecondFactorDeps, userId: number, code: string): Promise<string[] | null> {
  return deps.db.transaction(async (tx) => {
    if (!(await acceptCode({ ...deps, db: tx }, userId, code, false))) return null;
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await tx.insert(staffRecoveryCodes).values(codes.map((value) => ({ userId, codeHash: hashRecoveryCode(value) })));
    return codes;
  });
}

export async function isEnrolled(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ confirmedAt: staffTotp.confirmedAt }).from(staffTotp).where(eq(staffTotp.userId, userId));
  return Boolean(row?.confirmedAt);
}

/** A code from the enrolled app. */
export function checkTotp(deps: SecondFactorDeps, userId: number, code: string): Promise<boolean> {
  return acceptCode(deps, userId, code, true);
}

/** A recovery code, spent by the check. */
export async function spendRecoveryCode({ db, clock }: { db: Database; clock: Clock }, userId: number, code: string): Promise<boolean> {
  const normalised = code.trim().toLowerCase();
  if (!RECOVERY_CODE_FORMAT.test(normalised)) return false;
  const spent = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: clock.now() })
    .where(
      and(
        eq(staffRecoveryCodes.userId, userId),
        eq(staffRecoveryCodes.codeHash, hashRecoveryCode(normalised)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return spent.length === 1;
}

export async function recoveryCodesLeft(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.userId, userId), isNull(staffRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}

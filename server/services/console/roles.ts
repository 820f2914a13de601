import { eq } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { consoleSessions, type StaffRole, staffMembers, staffRecoveryCodes, staffTotp } from "../../db/schema.ts";
import { type Actor, recordAudit } from "../audit.ts";

export type Role = "member" | StaffRole;

export async function roleOf(db: Database, userId: number): Promise<Role> {
  const [row] = await db.select({ role: staffMembers.role }).from(staffMembers).where(eq(staffMembers.userId, userId));
  return row?.role ?? "member";
}

/**
 * Gives an account a console role, or takes it away ("member"). Taking it
 * away also forgets the second factor and closes the console, so a later grant enrols afresh.
 */
export async function setRole(
  { db, clock }: { db: Database; clock: Clock },
  actor: Actor,
  user: { id: number; email: string },
  role: Role,
  reason: string,
): Promise<{ before: Role; after: Role }> {
  return db.transaction(async (tx) => {
    const before = await roleOf(tx, user.id);
    if (before === role) return { before, after: role };
    if (role === "member") {
      await tx.delete(staffMembers).where(eq(staffMembers.userId, user.id));
      await tx.delete(staffTotp).where(eq(staffTotp.userId, user.id));
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, user.id));
      await tx.delete(consoleSessions).where(eq(consoleSessions.userId, user.id));
    } else {
      await tx
        .insert(staffMembers)
        .values({ userId: user.id, role, grantedAt: clock.now() })
        .onConflictDoUpdate({ target: staffMembers.userId, set: { role, grantedAt: clock.now() } });
    }
    await recordAudit(tx, clock, actor, {
      action: role === "member" ? "role.revoke" : "role.grant",
      subject: `user:${user.id}`,
      before: { role: before },
      after: { role },
      reason,
    });
    return { before, after: role };
  });
}

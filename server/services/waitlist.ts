import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { WaitlistRefusal } from "../../common/api/waitlist.ts";
import type { SiteConfig } from "../../config/site.ts";
import type { Clock } from "../clock.ts";
import { type Database, queryRows } from "../db/client.ts";
import { linkTo } from "./account-deps.ts";
import { type Actor, recordAudit } from "./audit.ts";
import { isDisposableEmail } from "./fairness/disposable-email.ts";
import { canonicalEmail } from "./fairness/email-identity.ts";
import type { FairnessRules } from "./fairness/rules.ts";
import type { Mailer } from "./mail/mailer.ts";
import { queueEmail } from "./mail/queue.ts";
import { renderEmail } from "./mail/templates.ts";
import { hashToken, isWellFormedToken } from "./sessions.ts";

export type WaitlistDeps = { db: Database; clock: Clock; site: SiteConfig; mailer: Mailer; fairness: FairnessRules };

const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
const SIGNUPS_OPEN = "signups-open";

/**
 * Puts an address on the waitlist, unconfirmed, and emails it a link. The
 * address is checked and stored as a sign-up's is (throwaway domains refused,
 * one row per canonical form). An address already confirmed gets nothing;
 * one still waiting gets a fresh link, which replaces the old one.
 */
export async function joinWaitlist(deps: WaitlistDeps, typed: string): Promise<{ ok: true } | ({ ok: false } & WaitlistRefusal)> {
  if (isDisposableEmail(typed, deps.fairness.disposable)) return { ok: false, refusal: "disposable_email" };
  const email = typed.trim();
  const token = randomBytes(32).toString("base64url");
  const now = deps.clock.now();
  const rows = await queryRows<{ id: number }>(
    deps.db,
    sql`insert into waitlist (email, email_canonical, token_hash, token_expires_at, created_at)
        values (${email}, ${canonicalEmail(email, deps.fairness.identity)}, ${hashToken(token)}, ${new Date(now.getTime() + LINK_LIFETIME_MS)}, ${now})
        on conflict (email_canonical) do update
          set email = excluded.email, token_hash = excluded.token_hash, token_expires_at = excluded.token_expires_at
          where waitlist.confirmed_at is null
        returning id`,
  );
  if (rows.length === 1) await deps.mailer.send(email, "waitlist-confirm", { links: { link: linkTo(deps.site, "/waitlist", token) } });
  return { ok: true };
}

/** Follows the link: the update is the guard, so a link confirms once, before it expires. */
export async function confirmWaitlist({ db, clock }: { db: Database; clock: Clock }, token: string): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update waitlist set confirmed_at = ${clock.now()}, token_hash = null, token_expires_at = null
         where token_hash = ${hashToken(token)} and token_expires_at > ${clock.now()} and confirmed_at is null
        returning id`,
  );
  return rows.length === 1;
}

export type WaitlistCounts = {
  confirmed: number;
  unconfirmed: number;
  announced: { sentAt: Date; recipients: number } | null;
};

export async function waitlistCounts(db: Database): Promise<WaitlistCounts> {
  const [counts] = await queryRows<{ confirmed: number; unconfirmed: number }>(
    db,
    sql`select count(*) filter (where confirmed_at is not null)::int as confirmed,
               count(*) filter (where confirmed_at is null)::int as unconfirmed
          from waitlist`,
  );
  const [announced] = await queryRows<{ sent_at: Date; recipients: number }>(
    db,
    sql`select sent_at, recipients from waitlist_announcements where kind = ${SIGNUPS_OPEN}`,
  );
  return {
    confirmed: counts?.confirmed ?? 0,
    unconfirmed: counts?.unconfirmed ?? 0,
    announced: announced ? { sentAt: announced.sent_at, recipients: announced.recipients } : null,
  };
}

export type AnnounceResult = { ok: true; recipients: number } | ({ ok: false } & WaitlistRefusal);

/**
 * Tells every confirmed address, once, that sign-ups are open. In one
 * transaction: the announcement's row (its primary key is the guard against a
 * second send, whoever asks and however often), the audit row and every
 * email in the outbox; the outbox then delivers them.
 */
export async function announceSignupsOpen(deps: WaitlistDeps, actor: Actor, reason: string): Promise<AnnounceResult> {
  if (deps.site.signups !== "open") return { ok: false, refusal: "signups_closed" };
  const email = renderEmail(deps.site, "waitlist-open", {});
  const result = await deps.db.transaction(async (tx): Promise<AnnounceResult> => {
    const recipients = await queryRows<{ email: string }>(tx, sql`select email from waitlist where confirmed_at is not null order by id`);
    const claimed = await queryRows<{ kind: string }>(
      tx,
      sql`insert into waitlist_announcements (kind, sent_at, recipients) values (${SIGNUPS_OPEN}, ${deps.clock.now()}, ${recipients.length})
          on conflict do nothing returning kind`,
    );
    if (claimed.length === 0) return { ok: false, refusal: "already_announced" };
    for (const recipient of recipients) await queueEmail({ db: tx, clock: deps.clock }, recipient.email, "waitlist-open", email);
    await recordAudit(tx, deps.clock, actor, {
      action: "waitlist.announce",
      subject: `announcement:${SIGNUPS_OPEN}`,
      after: { recipients: recipients.length },
      reason,
    });
    return { ok: true, recipients: recipients.length };
  });
  return result;
}

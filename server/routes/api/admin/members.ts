import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { consoleRefusalText } from "../../../../common/api/admin.ts";
import { roleOf } from "../../../services/console/roles.ts";
import { adjustBalanceAsStaff } from "../../../services/console/staff-money-moves.ts";
import { ledgerFor } from "../../../services/ledger.ts";
import { findUserById, findUsers } from "../../../services/users.ts";
import { endpoints, staffChange } from "../../endpoint.ts";
import { type CodeCheckDeps, codeAccepted } from "./code-check.ts";
import { actorOf } from "./guard.ts";

const LEDGER_LINES = 200;

type Summary = Awaited<ReturnType<typeof findUsers>>[number];

function summaryView(user: Summary) {
  return {
    id: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`,
    referral_code: user.referralCode,
    wallet_address: user.walletAddress,
    balance: user.balance.toString(),
    created_at: user.createdAt.toISOString(),
  };
}

/** Members: search, one member's page with the ledger, and credits or debits with a reason. */
export async function consoleMemberRoutes(fastify: FastifyInstance, options: CodeCheckDeps) {
  const { db, clock } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);

  endpoint("GET /api/admin/members", { config: { consoleAccess: "console" } }, async (request) => ({
    members: (await findUsers(db, request.query.q, 50)).map(summaryView),
  }));

  endpoint("GET /api/admin/members/:id", { config: { consoleAccess: "console" }, refusals: consoleRefusalText }, async (request) => {
    const user = await findUserById(db, request.params.id);
    if (!user) return { ok: false, refusal: "unknown_member" } as const;
    const entries = await ledgerFor(db, user.id, LEDGER_LINES);
    // Newest first; the balance after each line is walked back from the current balance.
    let after = user.balance;
    const ledger = entries.map((entry) => {
      const line = {
        id: entry.id,
        at: entry.createdAt.toISOString(),
        kind: entry.kind,
        amount: entry.amount.toString(),
        reason: entry.reason,
        balance_after: after.toString(),
      };
      after -= entry.amount;
      return line;
    });
    return {
      member: {
        ...summaryView(user),
        wallet_verified_at: user.walletVerifiedAt?.toISOString() ?? null,
        claim_count: user.claimCount,
        role: await roleOf(db, user.id),
      },
      ledger,
    };
  });

  endpoint("POST /api/admin/members/:id/adjust", { config: staffChange("admin"), refusals: consoleRefusalText }, async (request, reply) => {
    const { direction, tokens, reason, code } = request.body;
    if (!(await codeAccepted(options, request, reply, { code }))) return reply;
    const userId = request.params.id;
    const result = await adjustBalanceAsStaff({ db, clock }, actorOf(request), { userId, tokens: BigInt(tokens), direction, reason });
    return result.ok ? { balance: result.balance.toString() } : result;
  });
}

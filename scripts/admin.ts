/**
 * `npm run admin -- <command>`: the operator's tool. Every change to a
 * balance is a ledger entry with a reason.
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { consoleRefusalText } from "../common/api/admin.ts";
import { systemClock } from "../server/clock.ts";
import type { Database } from "../server/db/client.ts";
import { indexChain } from "../server/services/chain-index/indexer.ts";
import { chainIndexDepsFrom } from "../server/services/chain-index/settings.ts";
import { setRole } from "../server/services/console/roles.ts";
import { adjustBalanceAsStaff } from "../server/services/console/staff-money-moves.ts";
import { csvField } from "../server/services/csv.ts";
import { ledgerFor } from "../server/services/ledger.ts";
import { mailTransportFrom } from "../server/services/mail/mailer.ts";
import { deliverDueMail, listMail } from "../server/services/mail/queue.ts";
import { listSpecialDays, removeSpecialDay, setSpecialDay } from "../server/services/special-days.ts";
import { findUserByEmail, findUsers, withdrawalEligible } from "../server/services/users.ts";
import { PAYOUTS_HELP, runPayoutsCommand } from "./admin-payouts.ts";
import { REVIEW_HELP, runReviewCommand, runSignalsCommand } from "./admin-review.ts";
import { printContactMessages, printGuideReports } from "./contact-messages.ts";
import { openConfiguredDatabase } from "./open-database.ts";
import { UsageError } from "./usage-error.ts";

const HELP = `Usage: npm run admin -- <command> [options]

  users [--search TEXT] [--limit N]            list users, newest first
  user EMAIL                                   one user's details
  ledger EMAIL [--limit N]                     a user's ledger entries, newest first
  credit EMAIL TOKENS --reason TEXT            add tokens (a ledger entry)
  debit EMAIL TOKENS --reason TEXT             take tokens back (never below zero)
  special-days                                 the special days, from the database and the configuration
  special-days add YYYY-MM-DD 2|3|1 [--note]   set a day's multiplier (1 cancels a configured day)
  special-days remove YYYY-MM-DD               forget a day set here
  grant EMAIL support|admin [--reason TEXT]    open the operator console to an account (it enrols 2FA first)
  revoke EMAIL [--reason TEXT]                 make an account a member again (forgets its 2FA)
  contact-messages [--limit N]                 contact messages, newest first
  guide-reports                                "Something looks different?" reports, per guide
  mail list [--status pending|sent|failed]     the email queue, newest first, with each failure's reason
  mail retry                                   send what is due now (failed emails stay failed)
  export-withdrawals [--min TOKENS]            CSV of users at or above the transfer minimum
  chain index                                  read the pool's and the token's new logs once (CHAIN_INDEX_RPC_URL)
${PAYOUTS_HELP}
${REVIEW_HELP}

With the embedded database, stop the server first: its folder takes one process at a time.`;

export { UsageError };

function wholeTokens(text: string | undefined): bigint {
  if (!text || !/^\d+$/.test(text)) throw new UsageError(`"${text ?? ""}" is not a whole number of tokens`);
  return BigInt(text);
}

async function requireUser(db: Database, email: string | undefined) {
  if (!email) throw new UsageError("an email is required");
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`no user with the email ${email}`);
  return user;
}

/** Runs one admin command on the database `open` gives (the configured one by default); answers the exit status. */
export async function runAdmin(argv: string[], open: typeof openConfiguredDatabase = openConfiguredDatabase): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      search: { type: "string", default: "" },
      limit: { type: "string", default: "50" },
      reason: { type: "string" },
      note: { type: "string" },
      min: { type: "string" },
      status: { type: "string" },
      "max-count": { type: "string" },
      "max-total": { type: "string" },
      out: { type: "string" },
      "dry-run": { type: "boolean" },
      "safe-nonce": { type: "string" },
      all: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, ...args] = positionals;
  if (!command || values.help) {
    console.log(HELP);
    return command || values.help ? 0 : 2;
  }
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError("--limit must be a whole number above zero");

  const { database, site, env } = await open();
  const db = database.db;
  try {
    switch (command) {
      case "users":
        for (const user of await findUsers(db, values.search, limit)) {
          console.log(
            `${user.id}\t${user.email}\t${user.firstName} ${user.lastName}\t${user.balance} ${site.token.symbol}\t${user.createdAt.toISOString()}`,
          );
        }
        return 0;
      case "user": {
        const user = await requireUser(db, args[0]);
        console.log(
          JSON.stringify(
            {
              ...user,
              balance: `${user.balance} ${site.token.symbol}`,
              lastClaimAt: user.lastClaimAt?.toISOString() ?? null,
              createdAt: user.createdAt.toISOString(),
            },
            null,
            2,
          ),
        );
        return 0;
      }
      case "ledger": {
        const user = await requireUser(db, args[0]);
        for (const entry of await ledgerFor(db, user.id, limit)) {
          console.log(
            `${entry.createdAt.toISOString()}\t${entry.kind}\t${entry.amount > 0n ? "+" : ""}${entry.amount}\t${entry.reason ?? ""}`,
          );
        }
        console.log(`balance: ${user.balance} ${site.token.symbol}`);
        return 0;
      }
      case "credit":
      case "debit": {
        const user = await requireUser(db, args[0]);
        const result = await adjustBalanceAsStaff({ db, clock: systemClock }, "shell", {
          userId: user.id,
          tokens: wholeTokens(args[1]),
          direction: command,
          reason: values.reason ?? "",
        });
        if (!result.ok) throw new UsageError(consoleRefusalText(result));
        console.log(
          `${command === "credit" ? "Credited" : "Debited"} ${args[1]} ${site.token.symbol}; ${user.email} now has ${result.balance} ${site.token.symbol}.`,
        );
        return 0;
      }
      case "special-days": {
        const [action, day, multiplier] = args;
        if (action === "add") {
          const set = await setSpecialDay(db, day ?? "", Number(multiplier), values.note ?? null);
          if (!set.ok) throw new UsageError(consoleRefusalText(set));
          console.log(`${day}: ×${multiplier}`);
          return 0;
        }
        if (action === "remove") {
          console.log((await removeSpecialDay(db, day ?? "")) ? `${day} removed.` : `${day} was not set here.`);
          return 0;
        }
        if (action) throw new UsageError(`unknown special-days action "${action}"`);
        for (const entry of await listSpecialDays(db)) console.log(`${entry.day}\t×${entry.multiplier}\tdatabase\t${entry.note ?? ""}`);
        for (const entry of site.rewards.specialDays) console.log(`${entry.date}\t×${entry.multiplier}\tconfiguration`);
        return 0;
      }
      case "grant":
      case "revoke": {
        const user = await requireUser(db, args[0]);
        const role = command === "revoke" ? "member" : args[1];
        if (role !== "member" && role !== "support" && role !== "admin") throw new UsageError("the role must be support or admin");
        const reason = values.reason?.trim() || `${command} from the shell`;
        const { before, after } = await setRole({ db, clock: systemClock }, "shell", user, role, reason);
        console.log(before === after ? `${user.email} is already ${after}.` : `${user.email}: ${before} → ${after}.`);
        return 0;
      }
      case "contact-messages":
        await printContactMessages(db, limit);
        return 0;
      case "guide-reports":
        await printGuideReports(db);
        return 0;
      case "export-withdrawals": {
        const minimum = values.min === undefined ? BigInt(site.rewards.minTransfer) : wholeTokens(values.min);
        console.log("user_id,email,wallet_address,balance");
        for (const user of await withdrawalEligible(db, minimum)) {
          console.log([String(user.id), user.email, user.walletAddress ?? "", user.balance.toString()].map(csvField).join(","));
        }
        return 0;
      }
      case "payouts":
        return await runPayoutsCommand(
          args,
          {
            status: values.status,
            limit,
            maxCount: values["max-count"],
            maxTotal: values["max-total"],
            out: values.out,
            dryRun: values["dry-run"],
            reason: values.reason,
            safeNonce: values["safe-nonce"],
          },
          { db, env, site },
        );
      case "chain": {
        if (args[0] !== "index") throw new UsageError(`unknown chain action "${args[0] ?? ""}"`);
        const deps = chainIndexDepsFrom(env, site, { db, clock: systemClock });
        if (!deps) throw new UsageError("set CHAIN_INDEX_RPC_URL to index the chain");
        console.log(JSON.stringify(await indexChain(deps)));
        return 0;
      }
      case "mail": {
        const [action] = args;
        if (action === "retry") {
          const summary = await deliverDueMail({ db, clock: systemClock, transport: mailTransportFrom(env) });
          console.log(`sent ${summary.sent}, to retry ${summary.retried}, failed ${summary.failed}`);
          return 0;
        }
        if (action && action !== "list") throw new UsageError(`unknown mail action "${action}"`);
        for (const mail of await listMail(db, { status: values.status, limit })) {
          console.log(
            `#${mail.id}\t${mail.createdAt.toISOString()}\t${mail.status}\t${mail.attempts} attempt(s)\t${mail.to}\t${mail.subject}${mail.lastError ? `\t${mail.lastError}` : ""}`,
          );
        }
        return 0;
      }
      case "review":
        return await runReviewCommand(args, { reason: values.reason, all: values.all }, db);
      case "signals":
        return await runSignalsCommand(args, db);
      default:
        throw new UsageError(`unknown command "${command}"\n\n${HELP}`);
    }
  } finally {
    await database.close();
  }
}

// Run as a command (not when a test imports it).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAdmin(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof UsageError ? `admin: ${error.message}` : error instanceof Error ? error.message : error);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}

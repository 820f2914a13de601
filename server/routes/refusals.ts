import type { FastifyReply } from "fastify";
import type { AccountRefusal } from "../../common/api/account-settings.ts";
import type { ConsoleRefusal } from "../../common/api/admin.ts";
import type { QuestRefusal } from "../../common/api/admin-quests.ts";
import type { RegistrationRefusal, SignInRefusal } from "../../common/api/auth.ts";
import type { ContactRefusal } from "../../common/api/contact.ts";
import type { SenderRefusal } from "../../common/api/hot-wallet.ts";
import type { PayoutRefusal, ReviewRefusal, SiweRefusal } from "../../common/api/payouts.ts";
import type { ChainQuestRefusal } from "../../common/api/quests.ts";
import type { WalletAddressRefusal } from "../../common/api/rewards.ts";
import type { WaitlistRefusal } from "../../common/api/waitlist.ts";

export type Refusal =
  | PayoutRefusal
  | ConsoleRefusal
  | QuestRefusal
  | ChainQuestRefusal
  | ReviewRefusal
  | RegistrationRefusal
  | SignInRefusal
  | AccountRefusal
  | WalletAddressRefusal
  | SiweRefusal
  | ContactRefusal
  | WaitlistRefusal
  | SenderRefusal;

/** What each refusal a service gives is in HTTP: one table, so a refusal has one status wherever a route meets it. */
const STATUS_OF: Record<Refusal["refusal"], 400 | 401 | 403 | 404 | 409 | 429> = {
  // The request can never succeed as it is.
  below_minimum: 400,
  above_balance: 400,
  not_verified: 400,
  email_not_verified: 400,
  too_new: 400,
  passwords_differ: 400,
  weak_password: 400,
  disposable_email: 400,
  email_taken: 400,
  unknown_referral_code: 400,
  challenge_missing: 400,
  challenge_invalid: 400,
  challenge_expired: 400,
  challenge_used: 400,
  account_frozen: 403,
  quest_flagged: 403,
  unknown_transfer: 404,
  unknown_batch: 404,
  unknown_alert: 404,
  unknown_member: 404,
  unknown_message: 404,
  session_ended: 404,
  unknown_quest: 404,
  tokens_not_checkable: 400,
  not_a_date: 400,
  multiplier_out_of_range: 400,
  amount_not_positive: 400,
  adjustment_without_reason: 400,
  beyond_the_ledger: 400,
  adjustment_not_applied: 400,
  wrong_password: 400,
  invalid_email: 400,
  email_unchanged: 400,
  payout_in_flight: 400,
  // A second delete that lost the race to the first: refused as the form's other mistakes are.
  account_already_deleted: 400,
  link_expired: 400,
  email_now_taken: 400,
  address_missing: 400,
  not_an_address: 400,
  checksum_mismatch: 400,
  zero_address: 400,
  token_contract: 400,
  siwe_malformed: 400,
  other_site: 400,
  other_chain: 400,
  signing_expired: 400,
  nonce_spent: 400,
  signature_mismatch: 400,
  wallet_taken: 400,
  invalid_message: 400,
  day_not_set: 404,
  // The request conflicts with the state things are in now.
  open_request: 409,
  account_deleted: 409,
  not_cancellable: 409,
  not_returnable: 409,
  not_in_review: 409,
  reason_required: 409,
  safe_nonce_needed: 409,
  no_node: 409,
  safe_nonce_before_file: 409,
  safe_nonce_unused: 409,
  chain_unread: 409,
  safe_nonce_unread: 409,
  nothing_owed: 409,
  no_waiting_transaction: 409,
  settled_meanwhile: 409,
  nonce_not_settled: 409,
  already_mined: 409,
  alert_handled: 409,
  no_chain_index: 409,
  index_empty: 409,
  quest_done: 409,
  quest_paused: 409,
  nothing_new: 409,
  email_already_confirmed: 409,
  no_reply_address: 409,
  no_review: 409,
  already_appealed: 409,
  review_closed: 409,
  quest_exists: 409,
  quest_retired: 409,
  page_taken: 409,
  status_unchanged: 409,
  signups_closed: 409,
  already_announced: 409,
  // The hot wallet's settings, key, fee cap, balance or node stand in the way: the operator's to fix.
  no_sender_node: 409,
  no_sender_key: 409,
  keystore_unreadable: 409,
  keystore_not_json: 409,
  keystore_cipher: 409,
  keystore_password: 409,
  treasury_not_sender: 409,
  wrong_chain: 409,
  batch_empty: 409,
  above_batch_cap: 409,
  fee_above_cap: 409,
  wallet_short: 409,
  wallet_busy: 409,
  node_refused: 409,
  // Who is asking is not known, or is asking too often.
  invalid_login: 401,
  unknown_access_key: 401,
  too_many_logins: 429,
  too_many_messages: 429,
};

export function statusOf({ refusal }: Refusal): number {
  return STATUS_OF[refusal];
}

/** Answers a service's refusal with its status and, in err_msg, the words common/api chose for it. */
export function refuse<R extends Refusal>(reply: FastifyReply, refused: R, text: (refused: R) => string) {
  // A refusal that says when to come back (a throttle) says it to clients too.
  if ("retryAfterSeconds" in refused) reply.header("retry-after", String(refused.retryAfterSeconds));
  return reply.code(STATUS_OF[refused.refusal]).send({ err_msg: text(refused) });
}

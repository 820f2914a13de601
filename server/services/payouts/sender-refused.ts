import type { SenderRefusal } from "../../../common/api/hot-wallet.ts";

/**
 * Thrown when the hot wallet cannot send, from as deep as reading its key: the
 * shell and the console word it with `senderRefusalText`. Its message is the
 * code alone, so a log line never carries a key, a password or a sentence.
 */
export class SenderRefused extends Error {
  constructor(readonly refused: SenderRefusal) {
    super(refused.refusal);
    this.name = "SenderRefused";
  }
}

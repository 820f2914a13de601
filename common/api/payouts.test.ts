import { describe, expect, it } from "vitest";
import { payoutRefusalText, reconcileSkippedText } from "./payouts.ts";

// Reconciliation and the Safe-file check hand back codes; the console reads these words, as it did when the services wrote them.
describe("the words for a reconciliation that changed nothing", () => {
  it("says another run was newer, or which blocks the node and the cursor are at", () => {
    expect(reconcileSkippedText({ skip: "overtaken" })).toBe(
      "Another reconciliation saved a newer reading of the chain while this one was reading; this run changed nothing.",
    );
    expect(reconcileSkippedText({ skip: "node_behind", head: "118", cursor: "120" })).toBe(
      "The node reports block 118, behind block 120 already read (a node lagging behind the others?); this run changed nothing.",
    );
  });

  it("asks to try the Safe file's return again, and names the Safe whose nonce could not be read", () => {
    expect(payoutRefusalText({ refusal: "chain_unread", skipped: { skip: "overtaken" } })).toBe(
      "Another reconciliation saved a newer reading of the chain while this one was reading; this run changed nothing. Try again.",
    );
    const treasury = "0x000000000000000000000000000000000000bEEF";
    expect(payoutRefusalText({ refusal: "safe_nonce_unread", treasury, cause: "The contract function reverted." })).toBe(
      `Could not read the Safe nonce of ${treasury}: The contract function reverted.`,
    );
  });
});

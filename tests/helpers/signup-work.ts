import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { Challenge } from "altcha-lib/types";

/** Does the sign-up proof of work as the ALTCHA widget does, and answers the payload the widget would send. */
export async function solveSignupChallenge(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the sign-up challenge could not be solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

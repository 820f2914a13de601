import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L: a code read aloud or copied by hand stays unambiguous. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const LENGTH = 8;

export function newReferralCode(): string {
  let code = "";
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** What a person may have typed: spaces and lower case forgiven. */
export function normalizeReferralCode(input: string): string {
  return input.replace(/\s+/g, "").toUpperCase();
}

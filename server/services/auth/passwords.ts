import { readFileSync } from "node:fs";
import path from "node:path";
import { hash, verify } from "@node-rs/argon2";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../common/account-rules.ts";
import type { PasswordWeakness } from "../../../common/api/auth.ts";
import { projectRoot } from "../../project-root.ts";

/** `Algorithm.Argon2id` of @node-rs/argon2, an ambient const enum that verbatimModuleSyntax cannot import. */
const ARGON2ID = 2;

/** argon2id at OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane (about 17 ms here). */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const commonPasswords: ReadonlySet<string> = new Set(
  readFileSync(path.join(projectRoot, "server/services/auth/common-passwords.txt"), "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith("#")),
);

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Checked against when the email is unknown, so a login takes the same time
 * whether or not the account exists.
 */
export const unknownUserHash: Promise<string> = hashPassword("no account has this password; it only spends the same time");

/** Words an attacker tries first against this site and this member: they do not count toward a password's length. */
export type PasswordContext = { siteWords: readonly string[]; email: string };

function withoutWords(password: string, words: readonly string[]): string {
  let rest = password.toLowerCase();
  for (const word of words) if (word.length >= 3) rest = rest.split(word.toLowerCase()).join("");
  return rest;
}

/**
 * Which rule a new password breaks (common/api words it for the person
 * choosing it); null when it is acceptable. Length counts characters as people
 * see them (code points), so four emoji are four characters, not eight.
 */
export function passwordWeakness(password: string, { siteWords, email }: PasswordContext): PasswordWeakness | null {
  const characters = [...password];
  if (characters.length < PASSWORD_MIN_LENGTH) return "too_short";
  if (characters.length > PASSWORD_MAX_LENGTH) return "too_long";
  if (new Set(characters).size === 1) return "one_character";
  if (commonPasswords.has(password.toLowerCase())) return "common";
  const localPart = email.slice(0, email.lastIndexOf("@"));
  if ([...withoutWords(password, [...siteWords, localPart])].length < PASSWORD_MIN_LENGTH) return "site_words";
  return null;
}

import { readFileSync } from "node:fs";
import path from "node:path";
import { hash, verify } from "@node-rs/argon2";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../common/account-rules.ts";
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
 * Why a new password is refused, in words for the person choosing it; null
 * when it is acceptable. Length counts characters as people see them (code
 * points), so four emoji are four characters, not eight.
 */
export function passwordProblem(password: string, { siteWords, email }: PasswordContext): string | null {
  const characters = [...password];
  if (characters.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters for your password.`;
  if (characters.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters for your password.`;
  if (new Set(characters).size === 1) return "Don't repeat one character: a few unrelated words make a strong password.";
  if (commonPasswords.has(password.toLowerCase()))
    return "This password is one of the most common ones. Choose one that is harder to guess.";
  const localPart = email.slice(0, email.lastIndexOf("@"));
  if ([...withoutWords(password, [...siteWords, localPart])].length < PASSWORD_MIN_LENGTH)
    return `Don't build your password from this site's name or your email: without them, use at least ${PASSWORD_MIN_LENGTH} characters.`;
  return null;
}

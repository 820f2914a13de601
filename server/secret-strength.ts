import { deflateRawSync } from "node:zlib";

/** Words of the example settings (deploy/env.example, the README) that must never reach production. */
const PLACEHOLDER = /replace[-_ ]?with|change[-_ ]?me|your[-_]|placeholder|example|xxxx|todo/i;

/** Fewer than this many bits of apparent randomness is a secret someone could guess. */
const MINIMUM_BITS = 100;

/**
 * A rough ceiling on a secret's randomness: the lower of its characters'
 * spread (Shannon entropy times length: 0 for "ssss…", about 4 bits a
 * character for random hex) and its compressed size (a repeated word shrinks).
 */
export function estimatedEntropyBits(value: string): number {
  return Math.min(characterSpreadBits(value), deflateRawSync(value).length * 8);
}

function characterSpreadBits(value: string): number {
  const characters = [...value];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bitsPerCharacter = 0;
  for (const count of counts.values()) {
    const share = count / characters.length;
    bitsPerCharacter -= share * Math.log2(share);
  }
  return bitsPerCharacter * characters.length;
}

export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value);
}

/** Why a secret setting is unfit for production; null when it looks like real random bytes. */
export function secretProblem(value: string): string | null {
  if (isPlaceholder(value)) return "still the example's placeholder; generate one with `openssl rand -hex 32`";
  if (estimatedEntropyBits(value) < MINIMUM_BITS) return "too predictable; generate one with `openssl rand -hex 32`";
  return null;
}

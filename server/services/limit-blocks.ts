/**
 * Keys this instance has seen pass their limit, until their window ends.
 * While a key is refused its count can only grow, so the refusal cannot lift
 * before the window closes: a flood from one address is then refused from
 * memory, without a database round trip per guess that would tie up the
 * connection pool on one hot counter row for everyone else.
 */
export type LimitBlocks = {
  /** When the key's block ends, if it is blocked now. */
  until(key: string, now: Date): Date | null;
  block(key: string, until: Date): void;
};

export function limitBlocks(maxKeys = 10_000): LimitBlocks {
  const blocked = new Map<string, Date>();
  return {
    until(key, now) {
      const end = blocked.get(key);
      if (!end) return null;
      if (end > now) return end;
      blocked.delete(key);
      return null;
    },
    block(key, until) {
      // Oldest first out: a flood of distinct keys cannot grow this without bound; a forgotten key only costs one counter hit.
      if (blocked.size >= maxKeys) blocked.delete(blocked.keys().next().value as string);
      blocked.set(key, until);
    },
  };
}

import { describe, expect, it } from "vitest";
import { limitBlocks } from "./limit-blocks.ts";

describe("limit blocks", () => {
  const at = (time: string) => new Date(`2026-11-21T${time}Z`);

  it("holds a key until its window ends, then forgets it", () => {
    const blocks = limitBlocks();
    blocks.block("login-attempts:ip:203.0.113.9", at("09:15:00"));
    expect(blocks.until("login-attempts:ip:203.0.113.9", at("09:14:59"))).toEqual(at("09:15:00"));
    expect(blocks.until("login-attempts:ip:198.51.100.1", at("09:14:59"))).toBeNull();
    expect(blocks.until("login-attempts:ip:203.0.113.9", at("09:15:00"))).toBeNull();
  });

  it("keeps at most its size, dropping the oldest key first", () => {
    const blocks = limitBlocks(2);
    for (const key of ["a", "b", "c"]) blocks.block(key, at("10:00:00"));
    expect(blocks.until("a", at("09:00:00"))).toBeNull();
    expect(blocks.until("b", at("09:00:00"))).not.toBeNull();
    expect(blocks.until("c", at("09:00:00"))).not.toBeNull();
  });
});

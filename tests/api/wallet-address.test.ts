import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FORM_EXPIRED } from "../../common/api/fields.ts";
import { ADDRESS_UPDATED, STALE_ADDRESS } from "../../common/api/rewards.ts";
import { users } from "../../server/db/schema.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

// vitalik.eth's public address, a well-known checksummed example.
const CHECKSUMMED = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
const UPDATE = "/api/dashboard-update-wallet-address";

describe("PUT /api/dashboard-update-wallet-address", () => {
  const t = useTestApp();

  async function signedInWithToken() {
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user);
    const csrfToken = await visitor.csrf("update-wallet-address");
    const update = (address: string, old_address = "", token = csrfToken) =>
      visitor.put(UPDATE, { address, app: APP, csrfToken: token, old_address });
    const stored = async () =>
      (await t.database.db.select({ address: users.walletAddress }).from(users).where(eq(users.id, user.id)))[0]?.address;
    return { visitor, update, stored };
  }

  it("stores an all-lowercase address checksummed, and shows it on the dashboard", async () => {
    const { visitor, update, stored } = await signedInWithToken();
    const reply = await update(CHECKSUMMED.toLowerCase());
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ suc_msg: ADDRESS_UPDATED, address: CHECKSUMMED });
    expect(await stored()).toBe(CHECKSUMMED);
    expect((await visitor.get(`/api/dashboard?app=${APP}`)).json().address).toBe(CHECKSUMMED);
  });

  it("accepts a mixed-case address with a correct checksum, and replaces it when old_address matches in any case", async () => {
    const { update, stored } = await signedInWithToken();
    expect((await update(CHECKSUMMED)).statusCode).toBe(200);
    const next = "0x52908400098527886E0F7030069857D2E4169EE7";
    expect((await update(next, CHECKSUMMED.toLowerCase())).statusCode).toBe(200);
    expect(await stored()).toBe(next);
  });

  it.each([
    ["empty", "", "Please enter your wallet address."],
    ["spaces only", "   ", "Please enter your wallet address."],
    ["too short", "0x1234", "That is not an Ethereum address. It starts with 0x followed by 40 characters (0 to 9, a to f)."],
    ["not hex", `0x${"g".repeat(40)}`, "That is not an Ethereum address. It starts with 0x followed by 40 characters (0 to 9, a to f)."],
    ["without 0x", CHECKSUMMED.slice(2), "That is not an Ethereum address. It starts with 0x followed by 40 characters (0 to 9, a to f)."],
    [
      "a wrong checksum",
      CHECKSUMMED.replace("dA6", "Da6"),
      "The capital letters of that address do not match its checksum. Copy it again from your wallet.",
    ],
    [
      "the zero address",
      `0x${"0".repeat(40)}`,
      "That is the zero address: tokens sent there are lost forever. Enter your own wallet's address.",
    ],
  ])("refuses an address that is %s", async (_, address, message) => {
    const { update, stored } = await signedInWithToken();
    const reply = await update(address);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: message });
    expect(await stored()).toBeNull();
  });

  it("refuses the token's own contract address, in any case", async () => {
    const { update } = await signedInWithToken();
    const reply = await update(t.site.token.address.toLowerCase());
    expect(reply.statusCode).toBe(400);
    expect(reply.json().err_msg).toBe(
      `That is the ${t.site.token.symbol} contract's address, not a wallet: tokens sent to it are lost for good. Enter your own wallet's address.`,
    );
  });

  it("refuses a change made from a stale view of the address", async () => {
    const { update, stored } = await signedInWithToken();
    await update(CHECKSUMMED);
    const reply = await update("0x52908400098527886E0F7030069857D2E4169EE7", "");
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ err_msg: STALE_ADDRESS });
    expect(await stored()).toBe(CHECKSUMMED);
  });

  it("refuses a missing token, another page's token, and another session's token", async () => {
    const { visitor, update } = await signedInWithToken();
    const missing = await visitor.put(UPDATE, { address: CHECKSUMMED, app: APP, old_address: "" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ err_msg: FORM_EXPIRED });
    expect((await update(CHECKSUMMED, "", await visitor.csrf("signin"))).statusCode).toBe(403);
    const other = await signedIn(t.app, await createUser(t.database.db));
    expect((await update(CHECKSUMMED, "", await other.csrf("update-wallet-address"))).statusCode).toBe(403);
  });

  it("refuses a change from another site", async () => {
    const { visitor } = await signedInWithToken();
    const token = await visitor.csrf("update-wallet-address");
    const reply = await visitor.put(
      UPDATE,
      { address: CHECKSUMMED, app: APP, csrfToken: token, old_address: "" },
      { "sec-fetch-site": "cross-site" },
    );
    expect(reply.statusCode).toBe(403);
  });
});

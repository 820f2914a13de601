import { eq } from "drizzle-orm";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import { FORM_EXPIRED } from "../../common/api/fields.ts";
import { SIWE_REFUSALS } from "../../common/api/payouts.ts";
import { users } from "../../server/db/schema.ts";
import { SIWE_NONCE_TTL_MS } from "../../server/services/payouts/siwe.ts";
import { createUser, signedIn } from "../factories.ts";
import { type Agent, APP, agent } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("wallet verification with Sign-In with Ethereum", () => {
  const t = useTestApp();

  async function member() {
    const user = await createUser(t.database.db);
    const visitor = await signedIn(t.app, user);
    return { user, visitor };
  }

  async function nonceFor(visitor: Agent): Promise<string> {
    const reply = await visitor.get(`/api/siwe-nonce?app=${APP}`);
    expect(reply.statusCode).toBe(200);
    return reply.json().nonce;
  }

  function message(address: Hex, nonce: string, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
    const origin = new URL(t.site.site.origin);
    return createSiweMessage({
      address,
      chainId: t.site.token.chainId,
      domain: origin.host,
      uri: origin.origin,
      nonce,
      version: "1",
      issuedAt: t.clock.now(),
      statement: "Prove this wallet is mine to receive payouts.",
      ...overrides,
    });
  }

  async function send(visitor: Agent, body: { message: string; signature: string }) {
    const csrfToken = await visitor.csrf("payouts");
    return visitor.post("/api/verify-wallet", { ...body, app: APP, csrfToken });
  }

  async function stored(userId: number) {
    const [row] = await t.database.db
      .select({ address: users.walletAddress, verifiedAt: users.walletVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  }

  it("stores the signer's address as verified, checksummed, with its time", async () => {
    const { user, visitor } = await member();
    const account = privateKeyToAccount(generatePrivateKey());
    const text = message(account.address, await nonceFor(visitor));
    const reply = await send(visitor, { message: text, signature: await account.signMessage({ message: text }) });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ address: account.address, verified_at: t.clock.now().toISOString() });
    expect(await stored(user.id)).toEqual({ address: account.address, verifiedAt: t.clock.now() });
    const payouts = (await visitor.get(`/api/payouts?app=${APP}`)).json();
    expect(payouts.verified_address).toBe(account.address);
  });

  const refusals: Array<
    [
      string,
      (setup: { account: ReturnType<typeof privateKeyToAccount>; nonce: string }) => Promise<{ message: string; signature: Hex }>,
      string,
    ]
  > = [
    [
      "a message for another domain",
      async ({ account, nonce }) => {
        const text = message(account.address, nonce, { domain: "kestrel.evil.example" });
        return { message: text, signature: await account.signMessage({ message: text }) };
      },
      SIWE_REFUSALS.other_site,
    ],
    [
      "a message for another origin",
      async ({ account, nonce }) => {
        const text = message(account.address, nonce, { uri: "https://kestrel.evil.example/login" });
        return { message: text, signature: await account.signMessage({ message: text }) };
      },
      SIWE_REFUSALS.other_site,
    ],
    [
      "a message for another chain",
      async ({ account, nonce }) => {
        const text = message(account.address, nonce, { chainId: 137 });
        return { message: text, signature: await account.signMessage({ message: text }) };
      },
      "This message is for another network. KSTL lives on Ethereum Mainnet; switch your wallet to it and try again.",
    ],
    [
      "a message past its expiration time",
      async ({ account, nonce }) => {
        const text = message(account.address, nonce, { expirationTime: new Date(t.clock.now().getTime() - 1000) });
        return { message: text, signature: await account.signMessage({ message: text }) };
      },
      SIWE_REFUSALS.signing_expired,
    ],
    [
      "a message issued more than ten minutes ago",
      async ({ account, nonce }) => {
        const text = message(account.address, nonce, { issuedAt: new Date(t.clock.now().getTime() - SIWE_NONCE_TTL_MS - 1000) });
        return { message: text, signature: await account.signMessage({ message: text }) };
      },
      SIWE_REFUSALS.signing_expired,
    ],
    [
      "a nonce the server never gave",
      async ({ account }) => {
        const text = message(account.address, "0123456789abcdef0123456789abcdef");
        return { message: text, signature: await account.signMessage({ message: text }) };
      },
      SIWE_REFUSALS.nonce_spent,
    ],
    [
      "a message tampered with after signing",
      async ({ account, nonce }) => {
        const text = message(account.address, nonce);
        const signature = await account.signMessage({ message: text });
        return { message: text.replace("Prove this wallet is mine", "Prove this wallet is yours"), signature };
      },
      SIWE_REFUSALS.signature_mismatch,
    ],
    [
      "a signature by another key",
      async ({ account, nonce }) => {
        const text = message(account.address, nonce);
        return { message: text, signature: await privateKeyToAccount(generatePrivateKey()).signMessage({ message: text }) };
      },
      SIWE_REFUSALS.signature_mismatch,
    ],
    [
      "text that is not a SIWE message",
      async () => ({ message: "Hello, please verify me", signature: "0x1234" }),
      SIWE_REFUSALS.siwe_malformed,
    ],
  ];

  it.each(refusals)("refuses %s and leaves the address unverified", async (_, build, expected) => {
    const { user, visitor } = await member();
    const account = privateKeyToAccount(generatePrivateKey());
    const body = await build({ account, nonce: await nonceFor(visitor) });
    const reply = await send(visitor, body);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: expected });
    expect(await stored(user.id)).toEqual({ address: null, verifiedAt: null });
  });

  it("refuses a nonce used once already", async () => {
    const { visitor } = await member();
    const account = privateKeyToAccount(generatePrivateKey());
    const text = message(account.address, await nonceFor(visitor));
    const signed = { message: text, signature: await account.signMessage({ message: text }) };
    expect((await send(visitor, signed)).statusCode).toBe(200);
    const again = await send(visitor, signed);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ err_msg: SIWE_REFUSALS.nonce_spent });
  });

  it("refuses another session's nonce, even for the same member", async () => {
    const { user, visitor } = await member();
    const otherSession = await signedIn(t.app, user);
    const account = privateKeyToAccount(generatePrivateKey());
    const text = message(account.address, await nonceFor(otherSession));
    const reply = await send(visitor, { message: text, signature: await account.signMessage({ message: text }) });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: SIWE_REFUSALS.nonce_spent });
    expect(await stored(user.id)).toEqual({ address: null, verifiedAt: null });
  });

  it("refuses a nonce older than ten minutes", async () => {
    const { visitor } = await member();
    const account = privateKeyToAccount(generatePrivateKey());
    const nonce = await nonceFor(visitor);
    t.clock.advance(SIWE_NONCE_TTL_MS + 1);
    const text = message(account.address, nonce);
    const reply = await send(visitor, { message: text, signature: await account.signMessage({ message: text }) });
    expect(reply.json()).toEqual({ err_msg: SIWE_REFUSALS.nonce_spent });
  });

  it("gives one verified address to one account only", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const first = await member();
    const text = message(account.address, await nonceFor(first.visitor));
    expect((await send(first.visitor, { message: text, signature: await account.signMessage({ message: text }) })).statusCode).toBe(200);
    const second = await member();
    const other = message(account.address, await nonceFor(second.visitor));
    const reply = await send(second.visitor, { message: other, signature: await account.signMessage({ message: other }) });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ err_msg: SIWE_REFUSALS.wallet_taken });
    expect(await stored(second.user.id)).toEqual({ address: null, verifiedAt: null });
  });

  it("clears the mark when the member types a different address, and keeps it for the same one", async () => {
    const { user, visitor } = await member();
    const account = privateKeyToAccount(generatePrivateKey());
    const text = message(account.address, await nonceFor(visitor));
    await send(visitor, { message: text, signature: await account.signMessage({ message: text }) });
    const token = await visitor.csrf("update-wallet-address");
    const update = (address: string, old_address: string) =>
      visitor.put("/api/dashboard-update-wallet-address", { address, old_address, app: APP, csrfToken: token });
    expect((await update(account.address.toLowerCase(), account.address)).statusCode).toBe(200);
    expect((await stored(user.id))?.verifiedAt).toEqual(t.clock.now());
    const other = privateKeyToAccount(generatePrivateKey()).address;
    expect((await update(other, account.address)).statusCode).toBe(200);
    expect(await stored(user.id)).toEqual({ address: other, verifiedAt: null });
  });

  it("refuses without the payouts form's CSRF token, and signed out", async () => {
    const { visitor } = await member();
    const reply = await visitor.post("/api/verify-wallet", { message: "x", signature: "0x00", app: APP, csrfToken: "1.2.3" });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ err_msg: FORM_EXPIRED });
    const stranger = agent(t.app);
    expect((await stranger.get(`/api/siwe-nonce?app=${APP}`)).statusCode).toBe(403);
  });
});

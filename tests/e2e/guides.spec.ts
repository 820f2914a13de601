import { guideCatalog } from "../../app/content/guide-catalog.ts";
import { swapUrl } from "../../common/links.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { REFLOW_WIDTHS, reflowProblems } from "./support/reflow.ts";
import { expect, expectAccessible, LAYOUT_RULES, test } from "./support/test.ts";

const site = loadSiteConfig();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const guides = guideCatalog(site);
const { symbol, slug, address } = site.token;

/** What the spec and the guides issue require each page to say; a pattern that is not found fails the test. */
const required: Record<string, RegExp[]> = {
  "/browser-install-metamask": [/metamask\.io/i, /Add to Chrome/, /Add extension/, /pin/i, /official/i],
  "/browser-create-wallet": [
    /at least 8 characters/,
    /Confirm password/,
    /terms[- ]of[- ]use box must be ticked/i,
    /scroll(ed)? to the end/i,
    /12 words/,
    /in order/,
    /cannot recover/i,
  ],
  "/android-create-wallet": [
    /at least 8 characters/,
    /Confirm password/,
    /tick/i,
    /scroll(ed)? to the end/i,
    /12 words/,
    /in order/,
    /cannot recover/i,
  ],
  "/ios-create-wallet": [
    /at least 8 characters/,
    /Confirm password/,
    /tick/i,
    /scroll(ed)? to the end/i,
    /12 words/,
    /in order/,
    /cannot recover/i,
  ],
  "/browser-import-wallet": [/12 words/, /in (the )?order/, /spaces only|single spaces/],
  "/android-import-wallet": [/12 words/, /in (the )?order/, /spaces only|single spaces/],
  "/ios-import-wallet": [/12 words/, /in (the )?order/, /spaces only|single spaces/],
  "/ios-import-account": [/clipboard/i, /1 minute/, /clear the clipboard/],
  "/android-import-account": [/clear the clipboard/],
  [`/android-send-${slug}-qr`]: [/scan/i, /every few seconds/, /Transaction submitted/, /Never send .* to the public token address/],
  [`/ios-send-${slug}-qr`]: [/scan/i, /every few seconds/, /Never send .* to the public token address/],
  "/android-send-specific-address": [/paste/i, /Transaction submitted/, /Never send .* to the public token address/],
  "/ios-send-specific-address": [/Never send .* to the public token address/],
  [`/ios-receive-${slug}-qr`]: [/only your own wallet address/, /never put .* contract address/i],
  "/browser-import-token": [new RegExp(address), /decimals/i],
  "/android-import-token": [new RegExp(address)],
  "/ios-import-token": [new RegExp(address)],
  [`/android-buy-${slug}`]: [
    /every few seconds/,
    /not listed on major centralized exchanges/,
    /price difference/,
    /Transaction submitted/,
    /bottom of the screen/,
  ],
  [`/android-sell-${slug}`]: [
    /usually three/,
    /See all quotes|one tap away/,
    /minimum deposit/,
    /wallet fee/,
    /centralized exchange/,
    /every few seconds/,
    /price difference/,
    /Transaction submitted/,
  ],
  [`/ios-sell-${slug}`]: [/three/, /wallet fee/, /centralized exchange/, /every few seconds/, /minimum deposit/],
  [`/ios-buy-${slug}`]: [
    /every few seconds/,
    /not listed on major centralized exchanges/,
    /no quote/,
    new RegExp(escapeRegExp(swapUrl(site))),
  ],
  [`/android-receive-${slug}-qr`]: [/QR code/, /payment request/i, /only your own wallet address/, /never put .* contract address/i],
  [`/browser-buy-${slug}`]: [
    /every few seconds/,
    /not listed on major centralized exchanges/,
    /no quote/,
    /price difference/,
    new RegExp(escapeRegExp(swapUrl(site))),
    new RegExp(address),
  ],
  [`/browser-sell-${slug}`]: [
    /usually three/,
    /one click away/,
    /minimum deposit/,
    /wallet fee/,
    /centralized exchange/,
    /every few seconds/,
    /price difference/,
  ],
  [`/browser-send-${slug}`]: [/paste/i, /every few seconds/, /address-poisoning/, /Never send .* to the public token address/],
  [`/browser-receive-${slug}`]: [/QR code/, /Copy address/, /only your own wallet address/, /never put .* contract address/i],
  "/guides-revoke-approvals": [
    new RegExp(escapeRegExp(`${site.explorer.baseUrl}/tokenapprovalchecker`)),
    /not the same as revoking/,
    /Unlimited/,
    /costs gas|pays a network fee/,
  ],

  "/browser-add-liquidity": [
    /Review[\s\S]*Create[\s\S]*Spending cap request[\s\S]*Confirm the deposit/,
    /connect/i,
    /v3 position/i,
    new RegExp(`spending caps? for both tokens|approve.*${symbol}.*USDC`, "is"),
    /confirm/i,
    /leaving the spending cap unchanged (then )?means unlimited spending/i,
    /saves later approvals and (the )?gas fees/i,
    /security risk/i,
    /every few seconds/,
  ],
  [`/guides-invest-in-${slug}`]: [
    /liquidity pool/i,
    /existing USDC pair pool|existing .*USDC/i,
    /new pair pool/i,
    /impermanent loss/i,
    /not listed on major centralized exchanges/,
  ],
  "/guides-secret-recovery-phrase": [
    /second device or (in )?a new profile|second device/i,
    /Don't reset or restore the old wallet first/,
    /Revoke approvals/,
    /12-word|12 words/,
    /only way to restore/i,
    /permanent/i,
    /no support reset/i,
    /store/i,
    /never share/i,
  ],
};

/** Platform-only notes must not leak onto the other platform's page. */
const forbidden: Record<string, RegExp[]> = {
  "/ios-import-account": [/Paste the key right away\. The iOS clipboard keeps/],
  "/browser-import-token": [/don't interact with it/, /Don't fill these fields in by hand/],
  [`/ios-buy-${slug}`]: [/price difference/, /Transaction submitted/],
  [`/ios-sell-${slug}`]: [/price difference/, /Transaction submitted/],
  [`/ios-send-${slug}-qr`]: [/Transaction submitted/],
  "/android-import-account": [/1 minute/],
};

test.describe("wallet guides", () => {
  test("there are 41 guides and every one is listed on /how-to", async ({ page }) => {
    expect(guides).toHaveLength(41);
    await page.goto("/how-to");
    for (const name of ["Browser", "Android", "iOS", "Guides and Tips"]) {
      await expect(page.locator("summary").filter({ hasText: name })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Why MetaMask?" })).toBeVisible();
    for (const summary of await page.locator("summary").all()) {
      if ((await summary.locator("..").getAttribute("open")) === null) await summary.click();
    }
    for (const guide of guides) await expect(page.locator(`details a[href="${guide.path}"]`)).toBeVisible();
    await expectAccessible(page);
  });

  test("/how-to#ios opens the iOS list", async ({ page }) => {
    await page.goto("/how-to#ios");
    await expect(page.locator("details#ios")).toHaveAttribute("open", "");
  });

  for (const guide of guides) {
    test(`${guide.path}: title, numbered steps, required details, pictures with alt text, no calls, accessible and reflowing at every width`, async ({
      page,
    }) => {
      const calls: string[] = [];
      page.on("request", (request) => {
        if (["fetch", "xhr", "websocket", "eventsource"].includes(request.resourceType())) calls.push(request.url());
      });
      const response = await page.goto(guide.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(guide.title);
      await expect(page.getByTestId("guide-checked")).toHaveText(
        /^Checked against MetaMask extension 13\.\d+\.\d+ and MetaMask Mobile 7\.\d+\.\d+ on \d{1,2} \w+ \d{4}\.$/,
      );
      if (guide.layout === "steps") {
        const steps = page.locator("article > ol > li");
        expect(await steps.count()).toBeGreaterThan(0);
        await expect(steps.first().getByRole("heading", { level: 2 })).toContainText("Step 1:");
      } else {
        // The tips guides explain ideas: their topics are headings, never "Step 1: What a liquidity pool is".
        await expect(page.getByRole("heading", { level: 2 }).first()).not.toContainText("Step");
      }

      // innerText, as a reader sees it: block elements are separated, hidden text is left out.
      // biome-ignore lint/performance/useDomNodeTextContent: textContent would run paragraphs together.
      const text = (await page.locator("article").innerText()).replace(/\s+/g, " ");
      for (const pattern of required[guide.path] ?? []) expect(text, `${guide.path} should match ${pattern}`).toMatch(pattern);
      for (const pattern of forbidden[guide.path] ?? []) expect(text, `${guide.path} should not match ${pattern}`).not.toMatch(pattern);

      for (const image of await page.locator("article img").all()) {
        expect((await image.getAttribute("alt"))?.length ?? 0).toBeGreaterThan(20);
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0)).toBe(true);
      }
      // One load serves every width: the whole WCAG set once, then what a width can change, and reflow (reflow.spec.ts leaves guides to this test).
      await expectAccessible(page);
      for (const width of [...REFLOW_WIDTHS].reverse()) {
        await page.setViewportSize({ width, height: 844 });
        expect(await reflowProblems(page), `at ${width}px`).toEqual([]);
        if (width === 390) await expectAccessible(page, { rules: LAYOUT_RULES });
      }
      expect(calls, "guide pages make no network calls").toEqual([]);
    });
  }

  test("the platform switcher keeps the reader on the same task", async ({ page }) => {
    await page.goto("/browser-create-wallet");
    const switcher = page.getByRole("navigation", { name: "Platform" });
    await expect(switcher.getByRole("link", { name: "Browser" })).toHaveAttribute("aria-current", "page");
    await switcher.getByRole("link", { name: "iOS" }).click();
    await expect(page).toHaveURL("/ios-create-wallet");
    await page.getByRole("navigation", { name: "Platform" }).getByRole("link", { name: "Android" }).click();
    await expect(page).toHaveURL("/android-create-wallet");
  });

  test("the platform switcher offers only the platforms that have the guide", async ({ page }) => {
    await page.goto(`/android-send-${slug}-qr`);
    const switcher = page.getByRole("navigation", { name: "Platform" });
    await expect(switcher.getByRole("link")).toHaveText(["Android", "iOS"]);
    await page.goto(`/android-buy-${slug}`);
    await expect(page.getByRole("navigation", { name: "Platform" }).getByRole("link")).toHaveText(["Browser", "Android", "iOS"]);
    await page.goto("/browser-add-liquidity");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Platform" })).toHaveCount(0);
  });

  test("the intro and the steps share one measure of about 70 characters at 1280 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/browser-create-wallet");
    const article = page.locator("article");
    const intro = article.locator(".prose-site").first();
    const step = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: /Step 1:/ }) })
      .locator(".prose-site");
    const widthInCharacters = (element: HTMLElement) => {
      const probe = document.createElement("span");
      probe.textContent = "abcdefghijklmnopqrstuvwxyz ".repeat(4);
      probe.style.whiteSpace = "nowrap";
      element.append(probe);
      const perCharacter = probe.getBoundingClientRect().width / probe.textContent.length;
      probe.remove();
      return { width: Math.round(element.getBoundingClientRect().width), characters: element.getBoundingClientRect().width / perCharacter };
    };
    const [introMeasure, stepMeasure] = [await intro.evaluate(widthInCharacters), await step.evaluate(widthInCharacters)];
    expect(introMeasure.width).toBe(stepMeasure.width);
    expect(stepMeasure.characters).toBeGreaterThan(60);
    expect(stepMeasure.characters).toBeLessThan(85);
  });

  test("previous and next stay within the platform", async ({ page }) => {
    await page.goto("/ios-add-account");
    const pager = page.getByRole("navigation", { name: "More iOS guides" });
    await expect(pager.getByRole("link", { name: /Previous/ })).toHaveAttribute("href", "/ios-create-wallet");
    await expect(pager.getByRole("link", { name: /Next/ })).toHaveAttribute("href", "/ios-import-wallet");
  });

  test("the receive guide shows an example payment request for the token", async ({ page }) => {
    await page.goto(`/ios-receive-${slug}-qr`);
    await expect(page.getByRole("img", { name: /Example QR code of a request for 25/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /cannot be scanned/ })).toBeVisible();
    await expect(page.getByTestId("payment-request-uri")).toHaveText(
      `ethereum:${address}@${site.token.chainId}/transfer?address=0x0000000000000000000000000000000000000000&uint256=25${"0".repeat(site.token.decimals)}`,
    );
  });
});

test.describe("add the token to a wallet in one click", () => {
  test("is hidden when no wallet announces itself", async ({ page }) => {
    await page.goto(`/browser-import-token`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: new RegExp(`Add ${symbol} to`) })).toHaveCount(0);
  });

  for (const path of ["/browser-import-token", "/"]) {
    test(`on ${path}, asks an EIP-6963 wallet to watch the token with EIP-747`, async ({ page }) => {
      await page.addInitScript(() => {
        const calls: unknown[] = [];
        (window as unknown as { watchCalls: unknown[] }).watchCalls = calls;
        const provider = {
          request: async (args: { method: string; params?: unknown }) => {
            calls.push(args);
            return args.method === "wallet_watchAsset";
          },
        };
        const detail = Object.freeze({
          info: {
            uuid: "7b4e0f34-5b7a-4a2e-9c1e-0d1f2e3a4b5c",
            name: "Test Wallet",
            icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
            rdns: "org.example.wallet",
          },
          provider,
        });
        const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
        window.addEventListener("eip6963:requestProvider", announce);
        announce();
      });
      await page.goto(path);
      await page.getByRole("button", { name: `Add ${symbol} to Test Wallet` }).click();
      await expect(page.getByRole("status").filter({ hasText: "was added" })).toHaveText(`${symbol} was added to Test Wallet.`);
      const calls = await page.evaluate(() => (window as unknown as { watchCalls: unknown[] }).watchCalls);
      expect(calls).toEqual([
        {
          method: "wallet_watchAsset",
          params: {
            type: "ERC20",
            options: { address, symbol, decimals: site.token.decimals, image: `${site.site.origin}${site.token.logo}` },
          },
        },
      ]);
    });
  }

  test("says so when the wallet declines, and leaves the manual steps", async ({ page }) => {
    await page.addInitScript(() => {
      const provider = { request: async () => Promise.reject(Object.assign(new Error("User rejected"), { code: 4001 })) };
      const detail = { info: { uuid: "uuid-2", name: "Test Wallet", icon: "", rdns: "org.example.wallet" }, provider };
      window.addEventListener("eip6963:requestProvider", () =>
        window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail })),
      );
    });
    await page.goto("/android-import-token");
    await page.getByRole("button", { name: `Add ${symbol} to Test Wallet` }).click();
    await expect(page.getByRole("status").filter({ hasText: "did not add" })).toHaveText(
      `Test Wallet did not add ${symbol}. You can add it by hand with the steps below.`,
    );
    await expect(page.locator("article > ol > li").first()).toBeVisible();
  });
});

test("a guide that moves funds answers what goes wrong, each answer opened by keyboard", async ({ page }) => {
  await page.goto(`/android-buy-${slug}`);
  const section = page.getByRole("region", { name: "Troubleshooting" });
  await expect(section.locator("summary")).toHaveCount(6);
  const stuck = section.getByText("A transaction stays pending");
  await stuck.focus();
  await page.keyboard.press("Enter");
  await expect(section.getByText(/Speed up/)).toBeVisible();
  await expect(section.getByText(/MetaMask shows no quote/)).toBeVisible();
  await expectAccessible(page);
});

test.describe("the glossary", () => {
  test("a guide links a term at its first use; its explanation shows on keyboard focus and is the link's description", async ({ page }) => {
    await page.goto("/browser-create-wallet");
    const term = page
      .getByRole("main")
      .getByRole("link", { name: /^Secret Recovery Phrase$/i })
      .first();
    await expect(term).toHaveAttribute("href", "/glossary#secret-recovery-phrase");
    const tip = page.locator("#term-secret-recovery-phrase");
    await expect(tip).toBeHidden();
    await term.focus();
    await expect(tip).toBeVisible();
    await expect(term).toHaveAccessibleDescription(/restore your wallet/);
    await expectAccessible(page);
    await term.click();
    await expect(page).toHaveURL(/\/glossary#secret-recovery-phrase$/);
    await expect(page.getByRole("term").filter({ hasText: "Secret Recovery Phrase" })).toBeVisible();
    // No axe here: at this scroll position the sticky header can cover part of an A–Z link (target-size), depending on
    // where the browser lands; the glossary page is checked with axe at both widths in newcomer-pages.spec.ts.
  });
});

import { ADD_TOKEN_TEXT, askToWatchToken } from "../features/token/watch-token.ts";
import { discoverWallets } from "../lib/wallet-discovery.ts";

/** AddTokenButton's section, built in the prerendered slot (`[data-add-token]`) once a wallet announces itself. */
export function enhanceAddToken(): void {
  const slot = document.querySelector<HTMLElement>("[data-add-token]");
  if (!slot) return;
  let buttons: HTMLDivElement | undefined;
  let status: HTMLParagraphElement | undefined;

  const build = () => {
    const section = document.createElement("section");
    section.setAttribute("aria-labelledby", "add-token-heading");
    section.className = "rounded-2xl border-2 border-brand-300 bg-surface p-5";
    const heading = document.createElement("h2");
    heading.id = "add-token-heading";
    heading.className = "text-lg font-bold";
    heading.textContent = ADD_TOKEN_TEXT.heading;
    const intro = document.createElement("p");
    intro.className = "mt-1 text-base text-ink-800";
    intro.textContent = ADD_TOKEN_TEXT.intro;
    buttons = document.createElement("div");
    buttons.className = "mt-4 flex flex-wrap gap-3";
    status = document.createElement("p");
    status.setAttribute("role", "status");
    status.className = "mt-3 text-base";
    section.append(heading, intro, buttons, status);
    slot.append(section);
    return { buttons, status };
  };

  discoverWallets((wallet) => {
    const parts = buttons && status ? { buttons, status } : build();
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn-primary";
    if (wallet.info.icon.startsWith("data:image/")) {
      const icon = document.createElement("img");
      Object.assign(icon, { src: wallet.info.icon, alt: "", width: 20, height: 20, className: "size-5" });
      button.append(icon);
    }
    button.append(ADD_TOKEN_TEXT.button(wallet.info.name));
    button.addEventListener("click", async () => {
      const all = [...parts.buttons.querySelectorAll("button")];
      for (const each of all) each.disabled = true;
      parts.status.textContent = "";
      parts.status.textContent = ADD_TOKEN_TEXT.outcome(wallet.info.name, await askToWatchToken(wallet));
      for (const each of all) each.disabled = false;
    });
    parts.buttons.append(button);
  });
}

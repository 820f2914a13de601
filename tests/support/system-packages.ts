import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

function hasCommand(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/**
 * The Debian packages some tests drive (poppler's pdftoppm, zbarimg,
 * chromium, nginx). Missing ones are installed when running as root with
 * apt-get, and said so; otherwise the run stops with the command to type.
 */
export function ensureDebianPackages(needed: Record<string, string>): void {
  const missing = Object.entries(needed)
    .filter(([command]) => !hasCommand(command))
    .map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  const packages = [...new Set(missing)];
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log(`Installing Debian packages the tests need: ${packages.join(" ")}`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env });
    return;
  }
  throw new Error(
    `The tests need these Debian packages: ${packages.join(" ")}\nInstall them with:\n  sudo apt-get install -y ${packages.join(" ")}`,
  );
}

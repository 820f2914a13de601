import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Every file below a folder, as full paths. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

import { parse as parseYaml } from "yaml";

/**
 * A Markdown file's YAML frontmatter (between `---` lines) and its body. A
 * byte-order mark and Windows line endings are accepted: an editor that saves
 * either must not break the build.
 */
export function splitFrontmatter(raw: string, source: string): { frontmatter: unknown; body: string } {
  const text = raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^---\n([\s\S]*?)\n---(?:\n([\s\S]*))?$/.exec(text);
  if (!match) throw new Error(`${source}: frontmatter (between --- lines) is missing`);
  return { frontmatter: parseYaml(match[1] ?? ""), body: match[2] ?? "" };
}

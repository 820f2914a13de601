/** Writes `text` to the clipboard; a refusal is only logged, as the spec asks. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.warn("Could not copy to the clipboard:", error);
    return false;
  }
}

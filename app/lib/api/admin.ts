import type { ErrorReply } from "../../../common/api/fields.ts";

/** A file the server sends as an attachment (the Safe batch, the audit CSV): the blob and its name, or the refusal. */
export async function downloadFile(
  path: string,
  headers: Record<string, string>,
): Promise<{ ok: true; blob: Blob; filename: string } | { ok: false; status: number; message: string | null }> {
  try {
    const response = await fetch(path, { credentials: "same-origin", headers });
    if (!response.ok) {
      const body = response.headers.get("content-type")?.includes("application/json")
        ? ((await response.json()) as Partial<ErrorReply>)
        : null;
      return { ok: false, status: response.status, message: body?.err_msg ?? null };
    }
    const filename = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "download";
    return { ok: true, blob: await response.blob(), filename };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

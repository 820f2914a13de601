import { z } from "zod";

/** A step's illustration: a schematic of the wallet's screen, described in the guide's Markdown (content/README.md). */
const highlight = { highlight: z.boolean().optional() };
const text = z.string().min(1).max(120);

export const screenItemSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("heading"), text, ...highlight }),
  z.object({ kind: z.literal("text"), text: z.string().min(1).max(240), ...highlight }),
  z.object({ kind: z.literal("button"), text, variant: z.enum(["primary", "secondary"]).optional(), ...highlight }),
  z.object({ kind: z.literal("input"), label: text, value: z.string().max(120).optional(), ...highlight }),
  z.object({ kind: z.literal("checkbox"), text: z.string().min(1).max(200), checked: z.boolean().optional(), ...highlight }),
  z.object({
    kind: z.literal("row"),
    text,
    detail: z.string().max(120).optional(),
    /** A pencil at the end of the row: the value can be edited there (today's spending-cap screen). */
    edit: z.boolean().optional(),
    ...highlight,
  }),
  z.object({
    kind: z.literal("tabs"),
    options: z.array(z.string().min(1).max(40)).min(2).max(4),
    selected: z.number().int().min(0).optional(),
    ...highlight,
  }),
  z.object({ kind: z.literal("words"), count: z.number().int().min(1).max(24), ...highlight }),
  z.object({ kind: z.literal("qr"), ...highlight }),
  z.object({ kind: z.literal("amount"), text, detail: z.string().max(120).optional(), ...highlight }),
  z.object({ kind: z.literal("warning"), text: z.string().min(1).max(240), ...highlight }),
  z.object({ kind: z.literal("toast"), text, ...highlight }),
  z.object({ kind: z.literal("link"), text, ...highlight }),
  /** Diagrams: a pool holding two tokens, and a price range on a line with the current price. */
  z.object({ kind: z.literal("pool"), left: z.string().min(1).max(12), right: z.string().min(1).max(12), ...highlight }),
  z.object({
    kind: z.literal("range"),
    label: z.string().min(1).max(60),
    /** Where the current price sits: inside the range, or outside it (the position earns nothing). */
    price: z.enum(["inside", "below", "above"]),
    ...highlight,
  }),
]);

const base = {
  title: z.string().min(1).max(60),
  alt: z.string().min(20, "alt must describe the picture (20 characters or more)").max(400),
  items: z.array(screenItemSchema).min(1).max(8),
};

/**
 * phone: the app; browser: a browser tab (MetaMask's onboarding is a full tab,
 * not a pop-up); extension: MetaMask's pop-up over a page; request: a site's
 * request in that pop-up, which always shows the requesting site's origin;
 * dialog: a small browser dialog (Chrome's "Add extension"); diagram: a
 * drawing that explains an idea rather than a screen.
 */
export const screenSpecSchema = z.discriminatedUnion("frame", [
  z.object({ frame: z.literal("phone"), ...base }),
  z.object({ frame: z.literal("browser"), url: z.string().max(300), ...base }),
  z.object({ frame: z.literal("extension"), url: z.string().max(300).optional(), ...base }),
  z.object({ frame: z.literal("request"), url: z.string().max(300), origin: z.string().min(3).max(60), ...base }),
  z.object({ frame: z.literal("dialog"), url: z.string().max(300), ...base }),
  z.object({ frame: z.literal("diagram"), ...base }),
]);

export type ScreenSpec = z.infer<typeof screenSpecSchema>;
export type ScreenItem = z.infer<typeof screenItemSchema>;

/** Drawn sizes, so pages reserve the space before the image arrives. */
export const FRAME_SIZES: Record<ScreenSpec["frame"], { width: number; height: number }> = {
  phone: { width: 360, height: 640 },
  browser: { width: 720, height: 450 },
  extension: { width: 720, height: 520 },
  request: { width: 720, height: 560 },
  dialog: { width: 720, height: 400 },
  diagram: { width: 720, height: 420 },
};

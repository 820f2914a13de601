import { FRAME_SIZES, type ScreenItem, type ScreenSpec } from "../../app/content/screen-spec.ts";
import type { Palette } from "../../config/palette.ts";
import { escapeXml } from "./escape-xml.ts";

/**
 * Draws a step's screen as a schematic SVG: a phone, a browser window, or the
 * wallet's pop-up over a browser; the screen's title, its items top to
 * bottom, and a thick outline around what the reader should tap.
 */

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = "#1f2937";
const MUTED = "#4b5563";
const LINE = "#d1d5db";
const ACTION = "#1d4ed8";
/** Recovery-phrase slots show dots, never words: a reader must not copy an example phrase. */
const HIDDEN_WORD = "••••••";

/**
 * What did not fit while drawing the current screen: a drawing that would cut
 * text off or run past its frame fails the build instead, so every picture
 * shows its words whole.
 */
let problems: string[] = [];

/** Greedy word wrap by a generous average glyph width: good enough for a schematic. */
function wrap(text: string, width: number, size: number, maxLines: number): string[] {
  const perLine = Math.max(8, Math.floor(width / (size * 0.56)));
  const lines: string[] = [];
  let current = "";
  // A word longer than a line (an address) breaks across lines, as a wallet's own field wraps it.
  const words = text.split(/\s+/).flatMap((word) => word.match(new RegExp(`.{1,${perLine}}`, "g")) ?? [word]);
  for (const word of words) {
    if (`${current} ${word}`.trim().length > perLine && current) {
      lines.push(current);
      current = word;
    } else {
      current = `${current} ${word}`.trim();
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines || lines.some((line) => line.length > perLine)) {
    problems.push(`"${text}" does not fit in ${maxLines} line(s) of ${perLine} characters`);
  }
  return lines.slice(0, maxLines);
}

function textLines(
  lines: string[],
  x: number,
  y: number,
  size: number,
  options: { weight?: number; fill?: string; anchor?: string } = {},
): string {
  const { weight = 400, fill = INK, anchor = "start" } = options;
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * size * 1.35}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${escapeXml(line)}</text>`,
    )
    .join("");
}

type Drawn = { svg: string; height: number };

/** The site's brand in a drawing: the ring round what to tap, the token's coin and the price marker, and text beside them. */
export type Accent = { mark: string; text: string };

/** The accent from the site's palette: its brand colours, which the palette's gate checked on white. */
export function accentOf(palette: Palette): Accent {
  return { mark: palette["brand-500"], text: palette["brand-700"] };
}

/** One item at (x, y) in a column `width` wide; answers its SVG and the height it took. */
function drawItem(item: ScreenItem, x: number, y: number, width: number, accent: Accent): Drawn {
  switch (item.kind) {
    case "heading": {
      const lines = wrap(item.text, width, 18, 2);
      return { svg: textLines(lines, x, y + 18, 18, { weight: 700 }), height: lines.length * 24 + 6 };
    }
    case "text": {
      const lines = wrap(item.text, width, 13, 3);
      return { svg: textLines(lines, x, y + 13, 13, { fill: MUTED }), height: lines.length * 17.5 + 6 };
    }
    case "link":
      wrap(item.text, width, 14, 1);
      return {
        svg: `${textLines([item.text], x, y + 14, 14, { fill: ACTION, weight: 600 })}<rect x="${x}" y="${y + 18}" width="${Math.min(width, item.text.length * 7.8)}" height="1.5" fill="${ACTION}"/>`,
        height: 26,
      };
    case "button": {
      wrap(item.text, width - 24, 13, 1);
      const primary = item.variant !== "secondary";
      const fill = primary ? ACTION : "#ffffff";
      const stroke = primary ? ACTION : ACTION;
      return {
        svg: `<rect x="${x}" y="${y}" width="${width}" height="40" rx="20" fill="${fill}" stroke="${stroke}" stroke-width="1.5"/>${textLines([item.text], x + width / 2, y + 25, 13, { weight: 600, fill: primary ? "#ffffff" : ACTION, anchor: "middle" })}`,
        height: 48,
      };
    }
    case "input": {
      const lines = item.value ? wrap(item.value, width - 20, 13, 3) : [];
      const extra = Math.max(0, lines.length - 1) * 17.5;
      return {
        svg: `${textLines(wrap(item.label, width, 12, 1), x, y + 12, 12, { fill: MUTED, weight: 600 })}<rect x="${x}" y="${y + 18}" width="${width}" height="${36 + extra}" rx="8" fill="#ffffff" stroke="${LINE}" stroke-width="1.5"/>${textLines(lines, x + 10, y + 41, 13)}`,
        height: 62 + extra,
      };
    }
    case "checkbox": {
      const lines = wrap(item.text, width - 30, 13, 3);
      const box = item.checked
        ? `<rect x="${x}" y="${y}" width="18" height="18" rx="4" fill="${ACTION}"/><path d="M${x + 4} ${y + 9.5} l4 4 l7 -8" stroke="#fff" stroke-width="2.2" fill="none"/>`
        : `<rect x="${x}" y="${y}" width="18" height="18" rx="4" fill="#fff" stroke="${MUTED}" stroke-width="1.5"/>`;
      return { svg: box + textLines(lines, x + 28, y + 13, 13), height: Math.max(24, lines.length * 17.5) + 8 };
    }
    case "row": {
      const textWidth = width - 48 - (item.edit ? 28 : 0);
      const detail = item.detail ? textLines(wrap(item.detail, textWidth, 12, 1), x + 44, y + 36, 12, { fill: MUTED }) : "";
      const pencil = item.edit
        ? `<path d="M${x + width - 20} ${y + 31} l2 -6 l9 -9 l4 4 l-9 9 z" fill="none" stroke="${ACTION}" stroke-width="1.8" stroke-linejoin="round"/>`
        : "";
      return {
        svg: `<circle cx="${x + 16}" cy="${y + 24}" r="14" fill="#e5e7eb"/>${textLines(wrap(item.text, textWidth, 14, 1), x + 44, y + (item.detail ? 19 : 29), 14, { weight: 600 })}${detail}${pencil}<rect x="${x}" y="${y + 49}" width="${width}" height="1" fill="${LINE}"/>`,
        height: 54,
      };
    }
    case "tabs": {
      const tabWidth = width / item.options.length;
      const selected = item.selected ?? 0;
      const tabs = item.options
        .map(
          (option, index) =>
            `${textLines(wrap(option, tabWidth - 8, 13, 1), x + tabWidth * index + tabWidth / 2, y + 20, 13, { anchor: "middle", weight: index === selected ? 700 : 400, fill: index === selected ? ACTION : MUTED })}${index === selected ? `<rect x="${x + tabWidth * index + 6}" y="${y + 30}" width="${tabWidth - 12}" height="3" rx="1.5" fill="${ACTION}"/>` : ""}`,
        )
        .join("");
      return { svg: `${tabs}<rect x="${x}" y="${y + 33}" width="${width}" height="1" fill="${LINE}"/>`, height: 42 };
    }
    case "words": {
      const columns = 3;
      const rows = Math.ceil(item.count / columns);
      const cell = width / columns;
      let svg = "";
      for (let index = 0; index < item.count; index++) {
        const cx = x + (index % columns) * cell;
        const cy = y + Math.floor(index / columns) * 34;
        svg += `<rect x="${cx + 3}" y="${cy}" width="${cell - 6}" height="28" rx="14" fill="#f3f4f6" stroke="${LINE}"/>${textLines([`${index + 1}. ${HIDDEN_WORD}`], cx + 14, cy + 19, 12)}`;
      }
      return { svg, height: rows * 34 + 4 };
    }
    case "qr": {
      const size = Math.min(132, width);
      const cells = 21;
      const unit = size / cells;
      const left = x + (width - size) / 2;
      let svg = `<rect x="${left - 6}" y="${y}" width="${size + 12}" height="${size + 12}" fill="#fff" stroke="${LINE}"/>`;
      for (let row = 0; row < cells; row++) {
        for (let column = 0; column < cells; column++) {
          const finder = (row < 7 || row > 13) && (column < 7 || column > 13) && !(row > 13 && column > 13);
          const ring =
            finder &&
            (row % 14 === 0 ||
              row % 14 === 6 ||
              column % 14 === 0 ||
              column % 14 === 6 ||
              (row % 14 >= 2 && row % 14 <= 4 && column % 14 >= 2 && column % 14 <= 4));
          const noise = !finder && (row * 7 + column * 13 + row * column) % 5 < 2;
          if (ring || noise)
            svg += `<rect x="${left + column * unit}" y="${y + 6 + row * unit}" width="${unit}" height="${unit}" fill="${INK}"/>`;
        }
      }
      return { svg, height: size + 20 };
    }
    case "amount": {
      const detail = item.detail ? textLines(wrap(item.detail, width, 12, 1), x, y + 12, 12, { fill: MUTED }) : "";
      return {
        svg: `${detail}${textLines(wrap(item.text, width, 22, 1), x, y + (item.detail ? 40 : 24), 22, { weight: 700 })}`,
        height: item.detail ? 52 : 34,
      };
    }
    case "warning": {
      const lines = wrap(item.text, width - 24, 12.5, 3);
      const height = lines.length * 17 + 18;
      return {
        svg: `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="8" fill="#fff7ed" stroke="#f59e0b"/>${textLines(lines, x + 12, y + 20, 12.5, { fill: "#7c2d12" })}`,
        height: height + 8,
      };
    }
    case "toast":
      return {
        svg: `<rect x="${x}" y="${y}" width="${width}" height="42" rx="10" fill="${INK}"/>${textLines(wrap(item.text, width - 24, 13, 1), x + 14, y + 26, 13, { fill: "#ffffff", weight: 600 })}`,
        height: 50,
      };
    case "pool":
      return drawPool(item.left, item.right, x, y, width, accent);
    case "range":
      return drawRange(item.label, item.price, x, y, width, accent);
  }
}

/** Two tokens side by side inside one pool, traders swapping against it, fees going to the providers. */
function drawPool(left: string, right: string, x: number, y: number, width: number, accent: Accent): Drawn {
  const cx = x + width / 2;
  const coin = (at: number, label: string, fill: string) =>
    `<circle cx="${at}" cy="${y + 70}" r="42" fill="${fill}"/>${textLines(wrap(label, 76, 15, 1), at, y + 75, 15, { weight: 700, anchor: "middle", fill: "#ffffff" })}`;
  const captions = [
    textLines(["Traders swap one token for the other"], cx, y + 160, 13, { anchor: "middle", fill: MUTED }),
    textLines(["Each swap pays a fee to the liquidity providers"], cx, y + 180, 13, { anchor: "middle", fill: MUTED }),
  ].join("");
  return {
    svg: `<rect x="${cx - 150}" y="${y}" width="300" height="140" rx="70" fill="#eff6ff" stroke="${ACTION}" stroke-width="2"/>${coin(cx - 62, left, accent.mark)}${coin(cx + 62, right, ACTION)}<path d="M${cx - 14} ${y + 60} h28 m-6 -6 l6 6 l-6 6 M${cx + 14} ${y + 82} h-28 m6 -6 l-6 6 l6 6" stroke="${INK}" stroke-width="2" fill="none"/>${captions}`,
    height: 192,
  };
}

/** A price line with the chosen range shaded and a marker for today's price. */
function drawRange(label: string, price: "inside" | "below" | "above", x: number, y: number, width: number, accent: Accent): Drawn {
  const lineY = y + 44;
  const low = x + width * 0.35;
  const high = x + width * 0.65;
  const marker = { inside: x + width * 0.5, below: x + width * 0.15, above: x + width * 0.85 }[price];
  const earning = price === "inside" ? "Earning fees" : "Out of range: no fees";
  return {
    svg: `${textLines(wrap(label, width, 13, 1), x, y + 12, 13, { weight: 600 })}<rect x="${low}" y="${lineY - 16}" width="${high - low}" height="32" rx="6" fill="#dbeafe" stroke="${ACTION}"/><rect x="${x}" y="${lineY - 1}" width="${width}" height="2" fill="${INK}"/>${textLines(["Min"], low, lineY + 34, 12, { anchor: "middle", fill: MUTED })}${textLines(["Max"], high, lineY + 34, 12, { anchor: "middle", fill: MUTED })}<path d="M${marker} ${lineY - 24} v48" stroke="${accent.mark}" stroke-width="3"/>${textLines([`Price now: ${earning}`], marker, lineY - 30, 12, { anchor: "middle", fill: accent.text, weight: 600 })}`,
    height: 96,
  };
}

function highlightBox(x: number, y: number, width: number, height: number, accent: Accent): string {
  return `<rect x="${x - 6}" y="${y - 6}" width="${width + 12}" height="${height + 2}" rx="12" fill="none" stroke="${accent.mark}" stroke-width="3.5"/>`;
}

/** Items down a column; toasts sit at the bottom of the screen, as on a phone. */
function drawColumn(items: ScreenItem[], x: number, top: number, width: number, bottom: number, accent: Accent): string {
  let y = top;
  let svg = "";
  const hasToast = items.some((entry) => entry.kind === "toast");
  for (const item of items.filter((entry) => entry.kind !== "toast")) {
    const drawn = drawItem(item, x, y, width, accent);
    svg += drawn.svg;
    if (item.highlight) svg += highlightBox(x, y, width, drawn.height, accent);
    y += drawn.height + 8;
  }
  if (y - 8 > (hasToast ? bottom - 64 : bottom)) problems.push(`the items run ${Math.ceil(y - 8 - bottom)}px past the bottom of the frame`);
  for (const toast of items.filter((entry) => entry.kind === "toast")) {
    const drawn = drawItem(toast, x, bottom - 58, width, accent);
    svg += drawn.svg;
    if (toast.highlight) svg += highlightBox(x, bottom - 58, width, drawn.height, accent);
  }
  return svg;
}

/** The requesting site, as MetaMask prints it at the top of every request: the reader checks it there. */
function originBar(origin: string, x: number, y: number, width: number): string {
  return `<rect x="${x + 20}" y="${y}" width="${width - 40}" height="30" rx="15" fill="#f3f4f6" stroke="${LINE}"/><circle cx="${x + 38}" cy="${y + 15}" r="7" fill="${ACTION}"/>${textLines(wrap(origin, width - 90, 13, 1), x + 52, y + 20, 13, { weight: 600 })}`;
}

function titleBar(title: string, x: number, y: number, width: number): string {
  return `${textLines(wrap(title, width - 20, 16, 1), x + width / 2, y + 22, 16, { weight: 700, anchor: "middle" })}<rect x="${x}" y="${y + 36}" width="${width}" height="1" fill="${LINE}"/>`;
}

/** A long address is cut in the address bar as browsers cut it; only the bar, never the screen's own text. */
function browserChrome(width: number, height: number, url: string): string {
  const shownUrl = url.replace(/^https?:\/\//, "");
  return `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="12" fill="#ffffff" stroke="#9ca3af"/>
<path d="M0.5 12.5a12 12 0 0 1 12-12h${width - 25}a12 12 0 0 1 12 12v34h-${width - 1}z" fill="#e5e7eb"/>
<circle cx="22" cy="23" r="6" fill="#f87171"/><circle cx="42" cy="23" r="6" fill="#fbbf24"/><circle cx="62" cy="23" r="6" fill="#34d399"/>
<rect x="84" y="11" width="${width - 110}" height="24" rx="12" fill="#ffffff"/>${textLines([shownUrl.length > 70 ? `${shownUrl.slice(0, 69)}…` : shownUrl], 100, 28, 12, { fill: MUTED })}`;
}

/** Where each frame's items start, the room kept under them, and the least height the frame keeps. */
const LAYOUT: Record<ScreenSpec["frame"], { top: number; column: number; below: number; least: number }> = {
  phone: { top: 100, column: 292, below: 44, least: 400 },
  browser: { top: 112, column: 420, below: 24, least: 280 },
  dialog: { top: 92, column: 340, below: 28, least: 260 },
  diagram: { top: 72, column: 640, below: 24, least: 240 },
  extension: { top: 108, column: 270, below: 20, least: 340 },
  request: { top: 146, column: 270, below: 20, least: 380 },
};

/**
 * The drawn size of a screen: its frame's width, and the height its items
 * need, between the frame's least and its full height, so a short screen is
 * not drawn as a tall outline with one row in it.
 */
export function drawnSize(spec: ScreenSpec): { width: number; height: number } {
  const { width, height: full } = FRAME_SIZES[spec.frame];
  const { top, column, below, least } = LAYOUT[spec.frame];
  // Measuring draws every item once more: what it finds is found again by the real drawing.
  const kept = problems;
  problems = [];
  const items = spec.items.filter((item) => item.kind !== "toast");
  const used = items.reduce((sum, item) => sum + drawItem(item, 0, 0, column, { mark: INK, text: INK }).height + 8, 0);
  const toast = spec.items.some((item) => item.kind === "toast") ? 64 : 0;
  problems = kept;
  return { width, height: Math.min(full, Math.max(least, Math.ceil(top + used + toast + below))) };
}

/** The drawing of one screen, and what did not fit in it (empty when everything shows whole). */
export function drawScreenChecked(spec: ScreenSpec, accent: Accent): { svg: string; problems: string[] } {
  problems = [];
  const svg = drawFrame(spec, accent);
  const found = problems;
  problems = [];
  return { svg, problems: found };
}

/** The drawing; throws when text would be cut off. */
export function drawScreen(spec: ScreenSpec, accent: Accent): string {
  const { svg, problems: found } = drawScreenChecked(spec, accent);
  if (found.length > 0) throw new Error(`screen "${spec.title}": ${found.join("; ")}`);
  return svg;
}

/** The site's page behind a pop-up or dialog, drawn as grey placeholder lines. */
function pageBehind(panelX: number): string {
  return `<rect x="40" y="80" width="${panelX - 80}" height="18" rx="6" fill="#f3f4f6"/><rect x="40" y="110" width="${panelX - 120}" height="12" rx="6" fill="#f3f4f6"/><rect x="40" y="132" width="${panelX - 100}" height="12" rx="6" fill="#f3f4f6"/>`;
}

function drawFrame(spec: ScreenSpec, accent: Accent): string {
  const { width, height } = drawnSize(spec);
  let body: string;
  if (spec.frame === "phone") {
    body = `<rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="40" fill="#111827"/>
<rect x="14" y="14" width="${width - 28}" height="${height - 28}" rx="28" fill="#ffffff"/>
<rect x="${width / 2 - 40}" y="24" width="80" height="8" rx="4" fill="#111827"/>
${titleBar(spec.title, 14, 44, width - 28)}
${drawColumn(spec.items, 34, 100, width - 68, height - 30, accent)}
<rect x="${width / 2 - 56}" y="${height - 26}" width="112" height="4" rx="2" fill="#9ca3af"/>`;
  } else if (spec.frame === "browser") {
    body = `${browserChrome(width, height, spec.url)}
${textLines(wrap(spec.title, width - 80, 22, 1), 40, 90, 22, { weight: 700 })}
${drawColumn(spec.items, 40, 112, Math.min(420, width - 80), height - 20, accent)}`;
  } else if (spec.frame === "dialog") {
    body = `${browserChrome(width, height, spec.url)}${pageBehind(width)}
<rect x="${width / 2 - 190}" y="44" width="380" height="${height - 60}" rx="12" fill="#ffffff" stroke="#6b7280" stroke-width="1.5"/>
${textLines(wrap(spec.title, 340, 17, 1), width / 2 - 170, 74, 17, { weight: 700 })}
${drawColumn(spec.items, width / 2 - 170, 92, 340, height - 24, accent)}`;
  } else if (spec.frame === "diagram") {
    body = `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="16" fill="#ffffff" stroke="${LINE}"/>
${textLines(wrap(spec.title, width - 80, 20, 1), 40, 48, 20, { weight: 700 })}
${drawColumn(spec.items, 40, 72, width - 80, height - 20, accent)}`;
  } else {
    const panelX = width - 330;
    const top = spec.frame === "request" ? 146 : 108;
    body = `${browserChrome(width, height, spec.url ?? "")}${pageBehind(panelX)}
<rect x="${panelX}" y="52" width="310" height="${height - 64}" rx="12" fill="#ffffff" stroke="#9ca3af" stroke-width="1.5"/>
${titleBar(spec.title, panelX, 56, 310)}
${spec.frame === "request" ? originBar(spec.origin, panelX, 104, 310) : ""}
${drawColumn(spec.items, panelX + 20, top, 270, height - 14, accent)}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img"><title>${escapeXml(spec.alt)}</title>${body}</svg>\n`;
}

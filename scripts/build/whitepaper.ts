import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { Lexer, type Token, type Tokens } from "marked";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { z } from "zod";
import { fillPlaceholders, placeholderValues } from "../../app/content/placeholders.ts";
import { splitFrontmatter } from "../../common/frontmatter.ts";
import { contractSourceUrl } from "../../common/links.ts";
import { derivePalette, type Palette } from "../../config/palette.ts";
import type { SiteConfig } from "../../config/site.ts";

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
const FONTS = { regular: path.join(fontDir, "DejaVuSans.ttf"), bold: path.join(fontDir, "DejaVuSans-Bold.ttf") };

const MUTED = "#4b5563";
const MARGIN = 60;

const frontmatterSchema = z.object({ title: z.string(), subtitle: z.string(), version: z.string() });

type Doc = InstanceType<typeof PDFDocument>;

/** Inline Markdown as runs of text, bold where it was **bold**. */
function runs(tokens: Token[] | undefined, bold = false): Array<{ text: string; bold: boolean }> {
  return (tokens ?? []).flatMap((token): Array<{ text: string; bold: boolean }> => {
    if (token.type === "strong") return runs((token as Tokens.Strong).tokens, true);
    if ("tokens" in token && Array.isArray(token.tokens) && token.tokens.length > 0) return runs(token.tokens as Token[], bold);
    return [{ text: "text" in token ? String(token.text) : token.raw, bold }];
  });
}

function writeRuns(doc: Doc, parts: Array<{ text: string; bold: boolean }>, options: PDFKit.Mixins.TextOptions = {}) {
  parts.forEach((part, index) => {
    doc.font(part.bold ? "bold" : "regular").text(part.text, { ...options, continued: index < parts.length - 1 });
  });
}

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
}

function drawTable(doc: Doc, table: Tokens.Table, palette: Palette) {
  const width = doc.page.width - MARGIN * 2;
  const columns = table.header.length;
  const widths = columns === 2 ? [width * 0.32, width * 0.68] : Array.from({ length: columns }, () => width / columns);
  const rows = [table.header, ...table.rows];
  doc.moveDown(0.4);
  rows.forEach((row, rowIndex) => {
    const header = rowIndex === 0;
    doc.fontSize(9.5);
    const heights = row.map((cell, column) =>
      doc.font(header ? "bold" : "regular").heightOfString(cell.text, { width: (widths[column] ?? 0) - 12 }),
    );
    const height = Math.max(...heights) + 10;
    ensureSpace(doc, height);
    const top = doc.y;
    let x = MARGIN;
    row.forEach((cell, column) => {
      const cellWidth = widths[column] ?? 0;
      if (header) doc.rect(x, top, cellWidth, height).fill(palette["sand-100"]);
      doc.rect(x, top, cellWidth, height).lineWidth(0.6).strokeColor(palette["sand-200"]).stroke();
      doc
        .fillColor(palette["ink-900"])
        .font(header ? "bold" : "regular")
        .text(cell.text, x + 6, top + 5, { width: cellWidth - 12 });
      x += cellWidth;
    });
    doc.x = MARGIN;
    doc.y = top + height;
  });
  doc.moveDown(0.8);
}

function drawBlock(doc: Doc, token: Token, palette: Palette) {
  switch (token.type) {
    case "heading": {
      const heading = token as Tokens.Heading;
      const size = heading.depth <= 2 ? 17 : 12.5;
      ensureSpace(doc, size * 4);
      doc.moveDown(heading.depth <= 2 ? 1 : 0.6);
      doc
        .font("bold")
        .fontSize(size)
        .fillColor(palette[heading.depth <= 2 ? "brand-700" : "ink-900"])
        .text(heading.text, { outline: heading.depth <= 2 } as PDFKit.Mixins.TextOptions);
      doc.moveDown(0.35);
      return;
    }
    case "paragraph":
      doc.fontSize(10.5).fillColor(palette["ink-900"]);
      writeRuns(doc, runs((token as Tokens.Paragraph).tokens), { align: "left", lineGap: 2.5 });
      doc.moveDown(0.6);
      return;
    case "list":
      doc.fontSize(10.5).fillColor(palette["ink-900"]);
      for (const [index, item] of (token as Tokens.List).items.entries()) {
        ensureSpace(doc, 30);
        const marker = (token as Tokens.List).ordered ? `${index + 1}.` : "•";
        const top = doc.y;
        doc.font("regular").text(marker, MARGIN + 6, top, { width: 16 });
        doc.x = MARGIN + 24;
        doc.y = top;
        writeRuns(doc, runs(item.tokens), { width: doc.page.width - MARGIN * 2 - 24, lineGap: 2.5 });
        doc.x = MARGIN;
        doc.moveDown(0.25);
      }
      doc.moveDown(0.4);
      return;
    case "table":
      drawTable(doc, token as Tokens.Table, palette);
      return;
    case "hr":
      doc
        .moveDown(0.5)
        .moveTo(MARGIN, doc.y)
        .lineTo(doc.page.width - MARGIN, doc.y)
        .strokeColor(palette["sand-200"])
        .stroke()
        .moveDown(0.5);
      return;
    case "space":
      return;
    default:
      throw new Error(`content/whitepaper.md: the PDF cannot show a "${token.type}" block; use headings, paragraphs, lists and tables`);
  }
}

/**
 * content/whitepaper.md, with the site configuration's numbers, as a PDF:
 * a title page with the logo and a QR code of the contract on the block
 * explorer, the sections with their tables, and numbered pages.
 */
export async function renderWhitepaper(site: SiteConfig, logoSvg: string): Promise<Buffer> {
  const raw = fillPlaceholders(
    readFileSync(path.resolve("content/whitepaper.md"), "utf8"),
    placeholderValues(site),
    "content/whitepaper.md",
  );
  const { frontmatter, body } = splitFrontmatter(raw, "content/whitepaper.md");
  const meta = frontmatterSchema.parse(frontmatter);
  const palette = derivePalette(site.site.colors);
  const tokens = new Lexer({ gfm: true }).lex(body);

  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: meta.title,
      Subject: meta.subtitle,
      Author: site.legal.operator,
      CreationDate: new Date(`${site.legal.updated}T00:00:00Z`),
    },
  });
  doc.registerFont("regular", FONTS.regular);
  doc.registerFont("bold", FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  const logo = new Resvg(logoSvg, { fitTo: { mode: "width", value: 480 } }).render().asPng();
  const qr = await QRCode.toBuffer(contractSourceUrl(site), {
    margin: 1,
    width: 360,
    errorCorrectionLevel: "M",
    color: { dark: palette["ink-900"], light: "#ffffff" },
  });

  doc.rect(0, 0, doc.page.width, 250).fill(palette["ink-900"]);
  doc.image(logo, MARGIN, 60, { width: 120 });
  doc
    .font("bold")
    .fontSize(28)
    .fillColor("#ffffff")
    .text(meta.title, MARGIN + 145, 85, { width: doc.page.width - MARGIN * 2 - 145 });
  doc
    .font("regular")
    .fontSize(11)
    .fillColor(palette["ink-100"])
    .text(`Version ${meta.version} · ${site.legal.updated}`, MARGIN + 145, doc.y + 8);
  doc
    .fillColor(palette["ink-900"])
    .font("regular")
    .fontSize(13)
    .text(meta.subtitle, MARGIN, 290, { width: doc.page.width - MARGIN * 2, lineGap: 3 });
  doc.image(qr, MARGIN, 380, { width: 130 });
  doc
    .font("bold")
    .fontSize(11)
    .text("The contract, on the block explorer", MARGIN + 150, 392);
  doc
    .font("regular")
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(contractSourceUrl(site), MARGIN + 150, doc.y + 6, { width: doc.page.width - MARGIN * 2 - 150 });
  doc
    .fillColor(palette["ink-900"])
    .font("bold")
    .fontSize(10)
    .text("Contract address", MARGIN + 150, doc.y + 10);
  doc
    .font("regular")
    .fontSize(10)
    .text(site.token.address, MARGIN + 150, doc.y + 4);
  doc
    .fontSize(9)
    .fillColor(MUTED)
    .text(`${site.site.origin} · ${site.legal.email}`, MARGIN, doc.page.height - MARGIN - 30, { lineBreak: false });

  doc.addPage();
  doc.x = MARGIN;
  for (const token of tokens) drawBlock(doc, token, palette);

  const pages = doc.bufferedPageRange();
  for (let index = 1; index < pages.count; index++) {
    doc.switchToPage(index);
    // Below the bottom margin pdfkit would start a new page; the footer lives there on purpose.
    doc.page.margins.bottom = 0;
    doc.font("regular").fontSize(8.5).fillColor(MUTED);
    doc.text(`${meta.title} · page ${index + 1} of ${pages.count}`, MARGIN, doc.page.height - 40, {
      width: doc.page.width - MARGIN * 2,
      align: "center",
      lineBreak: false,
    });
  }
  doc.end();
  return finished;
}

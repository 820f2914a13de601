import QRCode from "qrcode";

const MARGIN = 2;

/**
 * A QR code as a small SVG drawn at build time: one path of dark modules on
 * white. `drawn` leaves modules out (the guides' unreadable example); `extra`
 * is drawn on top, in the code's own coordinates.
 */
export function qrSvg(
  text: string,
  {
    drawn = () => true,
    extra = () => "",
  }: { drawn?: (row: number, column: number, size: number) => boolean; extra?: (size: number) => string } = {},
): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = modules.size;
  let cells = "";
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (modules.get(row, column) && drawn(row, column, size)) cells += `M${column + MARGIN} ${row + MARGIN}h1v1h-1z`;
    }
  }
  const full = size + MARGIN * 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges"><rect width="${full}" height="${full}" fill="#ffffff"/><path fill="#0f1d33" d="${cells}"/>${extra(size)}</svg>`;
}

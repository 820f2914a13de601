/**
 * One RFC 4180 CSV cell. A cell that starts like a spreadsheet formula
 * (=, +, -, @) is prefixed with ' and quoted, so opening the file runs nothing.
 */
export function csvField(value: string): string {
  const formula = /^[=+\-@]/.test(value);
  if (!formula && !/[",\n\r]/.test(value)) return value;
  return `"${(formula ? `'${value}` : value).replace(/"/g, '""')}"`;
}

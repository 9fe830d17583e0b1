/**
 * The `Save-Data` client hint: a browser with Data Saver (or "Lite mode") on
 * sends `Save-Data: on` with every request. The header's only defined value
 * is `on` (case-insensitive, optional whitespace).
 */
export function asksToSaveData(headers: Headers): boolean {
  return headers.get("save-data")?.trim().toLowerCase() === "on";
}

/**
 * Something of a device a teacher can tell apart (issue 36): the browser and
 * the system, read from the User-Agent ("Chrome" and "Android"). Only these
 * two short names are kept, never the whole header. Either is null when the
 * header does not say.
 */
export interface DeviceHint {
  browser: string | null;
  system: string | null;
}

/** In order: the first match wins (Edge and Samsung Internet also say "Chrome", Chrome also says "Safari"). */
const BROWSERS: [RegExp, string][] = [
  [/SamsungBrowser\//, "Samsung Internet"],
  [/EdgA?\/|EdgiOS\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/CriOS\/|Chrome\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPad/, "iPadOS"],
  [/iPhone|iPod/, "iOS"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Macintosh|Mac OS X/, "macOS"],
  [/Linux/, "Linux"],
];

const MAX_USER_AGENT_LENGTH = 1000;

function firstMatch(text: string, table: [RegExp, string][]): string | null {
  return table.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

export function deviceHint(userAgent: string | null | undefined): DeviceHint {
  const text = (userAgent ?? "").slice(0, MAX_USER_AGENT_LENGTH);
  return { browser: firstMatch(text, BROWSERS), system: firstMatch(text, SYSTEMS) };
}

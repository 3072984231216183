import Bowser from "bowser";

/**
 * A User-Agent as a person reads it: "Chrome 150 · Linux". Unknown or
 * missing agents get a plain word rather than a raw string.
 */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return "Неизвестное устройство";
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]]
    .filter(Boolean)
    .join(" ");
  const system = parsed.os.name ?? parsed.platform.type;
  const parts = [browser, system].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(" · ") : "Неизвестное устройство";
}

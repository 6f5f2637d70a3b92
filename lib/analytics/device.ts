import type { DeviceClass } from "./events";

/** Tablet, mobile or desktop from a user agent; desktop when nothing says otherwise. */
export function classifyDevice(userAgent: string | null | undefined): DeviceClass {
  const ua = userAgent ?? "";
  // iPadOS 13+ reports a Mac user agent; only the old iPad token is visible server-side.
  if (
    /iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)\b/i.test(ua) ||
    (/Android/i.test(ua) && !/Mobile/i.test(ua))
  )
    return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(ua))
    return "mobile";
  return "desktop";
}

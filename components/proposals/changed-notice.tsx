"use client";

import { useEffect, useSyncExternalStore } from "react";

const seenKeyOf = (token: string) => `proposal-seen-version:${token}`;

/** What this browser had seen before each (link, version) was first shown: read once, then kept. */
const seenBefore = new Map<string, number | null>();

function readSeenBefore(token: string, version: number): number | null {
  const key = `${token}:${version}`;
  if (!seenBefore.has(key)) {
    let seen: number | null = null;
    try {
      seen = Number(localStorage.getItem(seenKeyOf(token))) || null;
    } catch {
      // Storage blocked: the notice is a courtesy, the page works without it.
    }
    seenBefore.set(key, seen);
  }
  return seenBefore.get(key)!;
}

const subscribeNever = () => () => {};

/**
 * "Updated after your last visit": this browser remembers the last version it showed for a link. The
 * server cannot know it, so the server's HTML (and the first client render) have no notice.
 */
export function ChangedNotice({
  token,
  version,
  text,
}: {
  token: string;
  version: number;
  text: string;
}) {
  const seen = useSyncExternalStore(
    subscribeNever,
    () => readSeenBefore(token, version),
    () => null,
  );

  useEffect(() => {
    readSeenBefore(token, version);
    try {
      localStorage.setItem(seenKeyOf(token), String(version));
    } catch {
      // As above.
    }
  }, [token, version]);

  if (seen === null || seen >= version) return null;
  return (
    <p
      role="status"
      className="mt-10 rounded-xl border border-cyan-700 bg-mist-50 p-4 font-semibold"
      data-testid="proposal-changed"
    >
      {text}
    </p>
  );
}

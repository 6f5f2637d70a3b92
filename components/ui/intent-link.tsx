"use client";

import NextLink from "next/link";
import { useState, type ComponentProps } from "react";

type IntentLinkProps = Omit<ComponentProps<typeof NextLink>, "prefetch"> & {
  /** `false`: never prefetch, not even on intent (for addresses the router cannot prefetch correctly). */
  prefetch?: false;
};

/**
 * next/link that prefetches its page when the person shows intent (pointer over it, keyboard focus, a
 * touch), not when it scrolls into view. On the public site, viewport prefetching fetched about a dozen
 * Server Component payloads after every load, parsed inside the blocking-time window (docs/performance.md,
 * "What changed for speed in issue 17"). In the staff tools every page is dynamic, so a viewport prefetch
 * only fetched a route tree of a few hundred bytes, yet each cost the server a request's work: a pipeline
 * view sent 46 of them, one pair per navigation link and lead card (docs/performance.md, "Staff links").
 * Once intent is shown the link falls back to Next.js's default prefetch, so the click that follows
 * starts at once.
 */
export function IntentLink({ prefetch, ...props }: IntentLinkProps) {
  const [hasIntent, setHasIntent] = useState(false);
  if (prefetch === false) return <NextLink {...props} prefetch={false} />;
  const { onPointerEnter, onFocus, onTouchStart } = props;
  return (
    <NextLink
      {...props}
      prefetch={hasIntent ? null : false}
      onPointerEnter={(event) => {
        setHasIntent(true);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        setHasIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setHasIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}

"use client";

import NextLink from "next/link";
import { useState, type ComponentProps } from "react";

type IntentLinkProps = Omit<ComponentProps<typeof NextLink>, "prefetch"> & {
  /** `false`: never prefetch, not even on intent (for addresses the router cannot prefetch correctly). */
  prefetch?: false;
};

/**
 * next/link for the public site that prefetches its page when the visitor shows intent (pointer over
 * it, keyboard focus, a touch), not when it scrolls into view: viewport prefetching fetched about a
 * dozen Server Component payloads after every load, parsed inside the blocking-time window
 * (docs/performance.md, "What changed for speed in issue 17"). Once intent is shown the link falls
 * back to Next.js's default prefetch, so the click that follows is still an instant client navigation.
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

"use client";

import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * The year as the visitor's clock has it. Marketing pages are rendered at build time, so the
 * server's year is only a first guess that the browser corrects once the page hydrates.
 */
export function CurrentYear({ renderedYear }: { renderedYear: number }) {
  const year = useSyncExternalStore(
    noop,
    () => new Date().getFullYear(),
    () => renderedYear,
  );
  return <>{year}</>;
}

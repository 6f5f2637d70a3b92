"use client";

import { useEffect, useRef } from "react";
import { flushLeadOutbox } from "./lead-outbox";

const RETRY_DELAYS_MS = [2000, 5000, 15000, 30000, 60000];

/**
 * While `isWaiting`, re-sends the lead outbox with growing pauses and at once when the browser comes
 * back online; calls `onDelivered` when nothing is left to send, or `onRejected` when the server
 * refused a saved submission for good (it is dropped; the visitor must be told).
 */
export function useOutboxRetry(
  isWaiting: boolean,
  onDelivered: () => void,
  onRejected: () => void,
) {
  const delivered = useRef(onDelivered);
  const refused = useRef(onRejected);
  useEffect(() => {
    delivered.current = onDelivered;
    refused.current = onRejected;
  }, [onDelivered, onRejected]);

  useEffect(() => {
    if (!isWaiting) return;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout>;
    let isActive = true;
    const retry = async () => {
      const { remaining, rejected } = await flushLeadOutbox();
      if (!isActive) return;
      if (rejected > 0) {
        refused.current();
        return;
      }
      if (remaining === 0) {
        delivered.current();
        return;
      }
      timer = setTimeout(retry, RETRY_DELAYS_MS[Math.min(attempt++, RETRY_DELAYS_MS.length - 1)]);
    };
    timer = setTimeout(retry, 0);
    const onOnline = () => {
      clearTimeout(timer);
      void retry();
    };
    window.addEventListener("online", onOnline);
    return () => {
      isActive = false;
      clearTimeout(timer);
      window.removeEventListener("online", onOnline);
    };
  }, [isWaiting]);
}

"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";

export type ToastTone = "info" | "success" | "error";

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  durationMs: number;
}

// One toast at a time: a newer message replaces the current one.
let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function showToast(
  message: string,
  { tone = "info", durationMs = 5000 }: { tone?: ToastTone; durationMs?: number } = {},
) {
  current = { id: nextId++, message, tone, durationMs };
  emit();
}

export function dismissToast() {
  current = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const SWIPE_DISMISS_PX = 50;

const toneClasses: Record<ToastTone, string> = {
  info: "border-border bg-background text-foreground",
  success: "border-cyan-700 bg-background text-foreground",
  error: "border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
};

/** Renders the current toast; swipe it sideways (50 px) or press its button to dismiss. */
export function ToastHost({ closeLabel }: { closeLabel: string }) {
  const toast = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {toast && <ToastCard key={toast.id} toast={toast} closeLabel={closeLabel} />}
    </div>
  );
}

function ToastCard({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const [offset, setOffset] = useState(0);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (current?.id === toast.id) dismissToast();
    }, toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <div
      role={toast.tone === "error" ? "alert" : "status"}
      style={{
        transform: `translateX(${offset}px)`,
        opacity: 1 - Math.min(Math.abs(offset) / 200, 0.8),
      }}
      onPointerDown={(event) => (startX.current = event.clientX)}
      onPointerMove={(event) =>
        startX.current !== null && setOffset(event.clientX - startX.current)
      }
      onPointerUp={() => {
        if (Math.abs(offset) > SWIPE_DISMISS_PX) dismissToast();
        else setOffset(0);
        startX.current = null;
      }}
      className={`pointer-events-auto flex max-w-md touch-pan-y items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${toneClasses[toast.tone]}`}
    >
      <p className="flex-1">{toast.message}</p>
      <button
        type="button"
        onClick={dismissToast}
        className="-m-1 rounded p-1 text-current opacity-70 hover:opacity-100"
        aria-label={closeLabel}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </div>
  );
}

"use client";

/** Prints the page (the print stylesheet hides the actions). The one part of the client link's actions that needs the browser. */
export function PrintButton({ label, className }: { label: string; className: string }) {
  return (
    <button type="button" className={className} onClick={() => window.print()}>
      {label}
    </button>
  );
}

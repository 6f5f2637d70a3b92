"use client";

import type { RefObject } from "react";
import SignatureCanvas from "react-signature-canvas";

export type SignaturePadHandle = SignatureCanvas;

/** The drawing surface: 160 px high, dark grey pen, transparent background. Loaded on demand. */
export function SignaturePad({
  padRef,
  labelledBy,
  describedBy,
  onDrawn,
}: {
  padRef: RefObject<SignatureCanvas | null>;
  labelledBy: string;
  describedBy: string;
  onDrawn: () => void;
}) {
  return (
    <SignatureCanvas
      ref={padRef}
      penColor="#343a42"
      backgroundColor="rgba(0,0,0,0)"
      onEnd={onDrawn}
      canvasProps={
        {
          className:
            "block h-40 w-full touch-none rounded-lg border border-dashed border-ink-500 bg-white",
          "aria-labelledby": labelledBy,
          "aria-describedby": describedBy,
          role: "img",
        } as React.CanvasHTMLAttributes<HTMLCanvasElement>
      }
    />
  );
}

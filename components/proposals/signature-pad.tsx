"use client";

import { useEffect, useRef, type RefObject } from "react";
import SignaturePadEngine from "signature_pad";

/** What the signature block uses: is anything drawn, the drawing as a PNG data URL, and clearing it. */
export type SignaturePadHandle = Pick<SignaturePadEngine, "isEmpty" | "toDataURL" | "clear">;

/**
 * The drawing surface: 160 px high, dark grey pen, transparent background. Loaded on demand.
 * Mouse, pen and touch all draw (pointer events; `touch-none` keeps the page from scrolling under the
 * finger). The canvas is kept at its displayed size times the screen's pixel ratio, so strokes are
 * sharp and land under the pointer; a resize redraws what was drawn instead of losing it.
 */
export function SignaturePad({
  padRef,
  labelledBy,
  describedBy,
  onDrawn,
}: {
  padRef: RefObject<SignaturePadHandle | null>;
  labelledBy: string;
  describedBy: string;
  onDrawn: () => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const onDrawnRef = useRef(onDrawn);
  useEffect(() => {
    onDrawnRef.current = onDrawn;
  }, [onDrawn]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePadEngine(canvas, {
      penColor: "#343a42",
      backgroundColor: "rgba(0,0,0,0)",
    });
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(canvas.offsetWidth * ratio);
      const height = Math.round(canvas.offsetHeight * ratio);
      if (width === canvas.width && height === canvas.height) return;
      const strokes = pad.toData();
      canvas.width = width;
      canvas.height = height;
      canvas.getContext("2d")?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    const ended = () => onDrawnRef.current();
    pad.addEventListener("endStroke", ended);
    padRef.current = pad;
    return () => {
      observer.disconnect();
      pad.removeEventListener("endStroke", ended);
      pad.off();
      if (padRef.current === pad) padRef.current = null;
    };
  }, [padRef]);

  return (
    <canvas
      ref={canvasRef}
      className="block h-40 w-full touch-none rounded-lg border border-dashed border-ink-500 bg-white"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      role="img"
    />
  );
}

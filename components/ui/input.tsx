import type { ComponentProps } from "react";
import { CONTROL_CLASS } from "./control-styles";

export function Input({ className = "", ...props }: ComponentProps<"input">) {
  return <input className={`${CONTROL_CLASS} ${className}`} {...props} />;
}

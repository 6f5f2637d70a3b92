import type { ComponentProps } from "react";
import { CONTROL_CLASS } from "./control-styles";

export function Textarea({ className = "", ...props }: ComponentProps<"textarea">) {
  return <textarea className={`${CONTROL_CLASS} ${className}`} {...props} />;
}

import type { ComponentProps } from "react";
import { CONTROL_CLASS } from "./control-styles";

export function Select({ className = "", ...props }: ComponentProps<"select">) {
  return <select className={`${CONTROL_CLASS} ${className}`} {...props} />;
}

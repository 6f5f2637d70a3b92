import { Fragment } from "react";

/**
 * An e-mail address that may wrap only where a reader expects it to (before the "@" and before each dot),
 * never letter by letter in a narrow table column; the whole address stays in the title.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span title={email} className={className}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

import { Fragment } from "react";

/**
 * An e-mail address that may wrap only where a reader expects it to (before the "@" and before each dot of
 * the domain; the name before the "@" stays whole unless it is wider than its column may grow), never letter
 * by letter in a narrow table column; the whole address stays in the title.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf("@");
  const parts =
    at > 0 ? [email.slice(0, at), ...email.slice(at).split(/(?=\.)/)] : email.split(/(?=\.)/);
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

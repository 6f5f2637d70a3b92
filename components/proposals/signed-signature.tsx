import type { SignatureDto } from "@/lib/proposals/proposal.schema";
import type { ProposalT } from "./proposal-translator";

export type SignatureView = Pick<
  SignatureDto,
  "full_name" | "role" | "company" | "date" | "image"
> & { content_sha256?: string };

/** A signature as it stands in the document once given: the drawing, who signed and the content's hash. */
export function SignedSignature({ t, signature }: { t: ProposalT; signature: SignatureView }) {
  return (
    <section
      aria-labelledby="proposal-signed-title"
      className="proposal-section proposal-avoid-break mt-10 rounded-xl border border-mist-200 p-6"
      data-testid="proposal-signed"
    >
      <h2 id="proposal-signed-title" className="mb-4 font-display text-xl font-semibold">
        {t("sections.signature")}
      </h2>
      {/* A data: URL of the stored PNG; next/image adds nothing here. Erasure removes it. */}
      {signature.image && (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={signature.image}
          alt={t("signature.imageAlt", { name: signature.full_name })}
          className="h-28 w-auto max-w-full"
        />
      )}
      <p className="mt-3 text-sm">
        {t("signature.signedBy", {
          name: signature.full_name,
          role: signature.role,
          company: signature.company,
          date: signature.date,
        })}
      </p>
      {signature.content_sha256 && (
        <p className="mt-2 text-xs break-all text-ink-500">
          {t("signature.fingerprint", { hash: signature.content_sha256 })}
        </p>
      )}
    </section>
  );
}

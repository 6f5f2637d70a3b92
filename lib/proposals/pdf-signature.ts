import "server-only";
import { db } from "@/lib/db";
import { serverEnv } from "@/lib/env";
import { site } from "@/lib/site";
import { certificateFingerprint, readP12, type SigningCertificate } from "./pdf/seal-crypto";
import { inPdfWorker } from "./pdf/pdf-worker-pool";

/*
 * Which certificate seals PDFs: the business's (SIGNING_P12_BASE64) or, without one, a self-signed
 * certificate kept in the database. The signing itself is pdf/seal-crypto.ts, run in the PDF worker.
 */

const DEFAULT_CERTIFICATE_ID = "default";
/** The kept PKCS#12 has an empty password: it is only as safe as the database that holds it. */
const STORED_P12_PASSWORD = "";

/**
 * The kept self-signed certificate, made on first use. Instances starting together may each make one;
 * the insert keeps the first and every instance then reads that row, so all sign with the same one.
 */
async function storedCertificate(): Promise<SigningCertificate> {
  const existing = await db.signingCertificate.findUnique({
    where: { id: DEFAULT_CERTIFICATE_ID },
  });
  if (!existing) {
    const made = await inPdfWorker({
      kind: "certificate",
      brand: site.name,
      password: STORED_P12_PASSWORD,
    });
    await db.signingCertificate.createMany({
      data: [{ id: DEFAULT_CERTIFICATE_ID, ...made }],
      skipDuplicates: true,
    });
  }
  const row =
    existing ??
    (await db.signingCertificate.findUniqueOrThrow({ where: { id: DEFAULT_CERTIFICATE_ID } }));
  return {
    p12: row.p12,
    password: STORED_P12_PASSWORD,
    fingerprintSha256: row.fingerprintSha256,
    subject: row.subject,
    source: "self-signed",
  };
}

/** The configured file, read once: opening a PKCS#12 derives its key, a pause each seal need not pay. */
let configured: { base64: string; password: string; certificate: SigningCertificate } | null = null;

function configuredCertificate(base64: string, password: string): SigningCertificate {
  if (configured?.base64 === base64 && configured.password === password)
    return configured.certificate;
  const p12 = Buffer.from(base64.replace(/\s+/g, ""), "base64");
  const { der, subject } = readP12(p12, password);
  const certificate: SigningCertificate = {
    p12,
    password,
    fingerprintSha256: certificateFingerprint(der),
    subject,
    source: "configured",
  };
  configured = { base64, password, certificate };
  return certificate;
}

/** The certificate sealed PDFs are signed with now. */
export async function signingCertificate(): Promise<SigningCertificate> {
  const env = serverEnv();
  if (env.SIGNING_P12_BASE64)
    return configuredCertificate(env.SIGNING_P12_BASE64, env.SIGNING_P12_PASSWORD ?? "");
  return storedCertificate();
}

/**
 * Makes (or, when configured, opens) the sealing certificate ahead of the first signature, so the
 * first client to sign does not wait for a key to be generated or a PKCS#12 file to be opened (half a
 * second of CPU or more). Called by the production server once it is up.
 */
export async function prepareSigningCertificate(): Promise<void> {
  await signingCertificate();
}

import "server-only";
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import { P12Signer, PDF } from "@libpdf/core";
import forge from "node-forge";

// The CPU-bound half of sealing (docs/decisions/012-pdf-signature.md): making a self-signed certificate
// and signing a rendered PDF. Pure functions of their inputs, so they run in the PDF worker thread
// (pdf-worker-pool.ts) and never on the event loop that answers requests.

export interface SigningCertificate {
  p12: Uint8Array;
  password: string;
  /** SHA-256 (hex, lowercase) of the certificate's DER encoding. */
  fingerprintSha256: string;
  subject: string;
  source: "configured" | "self-signed";
}

/** SHA-256 (hex) of a DER certificate, the fingerprint readers show in their signature panel. */
export function certificateFingerprint(der: Uint8Array): string {
  return createHash("sha256").update(der).digest("hex");
}

const OID_CERT_BAG = "1.2.840.113549.1.12.10.1.3";
const OID_KEY_BAG = "1.2.840.113549.1.12.10.1.1";
const OID_SHROUDED_KEY_BAG = "1.2.840.113549.1.12.10.1.2";

/** The certificate and its subject inside a PKCS#12: the one whose key is beside it, else the first. */
export function readP12(p12: Uint8Array, password: string): { der: Uint8Array; subject: string } {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString("binary")));
  const pkcs12 = forge.pkcs12.pkcs12FromAsn1(asn1, password);
  const bagsOf = (bagType: string): forge.pkcs12.Bag[] =>
    pkcs12.getBags({ bagType })[bagType] ?? [];
  const localKeyId = (bag: forge.pkcs12.Bag): unknown => bag.attributes.localKeyId?.[0];
  const keyIds = new Set(
    [...bagsOf(OID_SHROUDED_KEY_BAG), ...bagsOf(OID_KEY_BAG)].map(localKeyId).filter(Boolean),
  );
  const certBags = bagsOf(OID_CERT_BAG);
  const bag = certBags.find((b) => keyIds.has(localKeyId(b))) ?? certBags[0];
  if (!bag?.cert) throw new Error("The PKCS#12 file holds no certificate.");
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(bag.cert)).getBytes();
  const subject = bag.cert.subject.attributes
    .map(
      (attribute: forge.pki.CertificateField) =>
        `${attribute.shortName ?? attribute.name}=${String(attribute.value)}`,
    )
    .join(", ");
  return { der: Buffer.from(der, "binary"), subject };
}

/**
 * A new self-signed certificate (RSA 2048, SHA-256, ten years) whose subject names the business, as a
 * PKCS#12 with the given password. Node makes the key: node-forge's own RSA key generation is slow.
 */
export function makeSelfSignedP12(
  brand: string,
  password: string,
  now = new Date(),
): { p12: Uint8Array<ArrayBuffer>; fingerprintSha256: string; subject: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  );
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: "spki", format: "pem" }).toString(),
  );
  // A positive serial: the first byte's high bit is cleared.
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  cert.serialNumber = serial.toString("hex");
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + 10);
  const name = [
    { shortName: "CN", value: `${brand} document seal` },
    { shortName: "O", value: brand },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", critical: true, digitalSignature: true, nonRepudiation: true },
    { name: "subjectKeyIdentifier" },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, {
    algorithm: "aes256",
    friendlyName: `${brand} document seal`,
  });
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    p12: new Uint8Array(Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary")),
    fingerprintSha256: certificateFingerprint(Buffer.from(der, "binary")),
    subject: `CN=${brand} document seal, O=${brand}`,
  };
}

/**
 * Signs a PDF with a PAdES-B-B signature over the whole file, appended as an incremental update (the
 * original bytes stay as they are, so the signed file starts with them). No visible appearance: the
 * certificate page already shows the signer; the signature proves the file.
 */
export async function signPdf(
  bytes: Uint8Array,
  options: {
    certificate: SigningCertificate;
    signingTime: Date;
    reason: string;
    location?: string;
  },
): Promise<Uint8Array> {
  const signer = await P12Signer.create(options.certificate.p12, options.certificate.password);
  const pdf = await PDF.load(bytes);
  const { bytes: signed } = await pdf.sign({
    signer,
    reason: options.reason,
    location: options.location,
    signingTime: options.signingTime,
    subFilter: "ETSI.CAdES.detached",
    level: "B-B",
    digestAlgorithm: "SHA-256",
    fieldName: "Seal",
  });
  return signed;
}

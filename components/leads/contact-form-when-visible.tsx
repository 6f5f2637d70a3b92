"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { useOnceNearViewport } from "@/components/ui/use-once-near-viewport";
import type { ContactFormText } from "./contact-form";

const ContactForm = dynamic(() => import("./contact-form").then((m) => m.ContactForm), {
  ssr: false,
});

/** The form's code (validation included) loads only when its section nears the viewport. */
export function ContactFormWhenVisible({
  lang,
  text,
}: {
  lang: "es" | "en";
  text: ContactFormText;
}) {
  const [isNear, setIsNear] = useState(false);
  const anchor = useOnceNearViewport<HTMLDivElement>(() => setIsNear(true), "400px");
  return (
    <div ref={anchor} className="min-h-96">
      {isNear && <ContactForm lang={lang} text={text} />}
    </div>
  );
}

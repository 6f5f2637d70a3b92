"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import type { ContactFormText } from "./contact-form";

const ContactForm = dynamic(() => import("./contact-form").then((m) => m.ContactForm), { ssr: false });

/** The form's code (validation included) loads only when its section nears the viewport. */
export function ContactFormWhenVisible({ lang, text }: { lang: "es" | "en"; text: ContactFormText }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [isNear, setIsNear] = useState(false);

  useEffect(() => {
    const element = anchor.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setIsNear(true);
        observer.disconnect();
      }
    }, { rootMargin: "400px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={anchor} className="min-h-96">
      {isNear && <ContactForm lang={lang} text={text} />}
    </div>
  );
}

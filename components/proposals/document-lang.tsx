"use client";

import { useEffect } from "react";

/** Sets the page's language where a shared layout cannot know it (the client link's 404). */
export function DocumentLang({ lang }: { lang: string }) {
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return null;
}

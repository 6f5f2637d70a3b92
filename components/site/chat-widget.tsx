"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { mountChatWidget } from "@/lib/chat-widget/loader";
import { showsChatWidget } from "@/lib/chat-widget/routes";

interface ChatWidgetProps {
  locale: string;
  scriptUrl: string;
  widgetId: string;
}

/**
 * Loads the chat widget for the page's language once the page is idle, so it never delays rendering.
 * A language change unmounts the old loader and its elements before the new one is added.
 */
export function ChatWidget({ locale, scriptUrl, widgetId }: ChatWidgetProps) {
  const pathname = usePathname();
  const isShown = showsChatWidget(pathname);

  useEffect(() => {
    if (!isShown) return;
    let unmount: (() => void) | undefined;
    const start = () => (unmount = mountChatWidget(document, { scriptUrl, widgetId, locale }));
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: 4000 })
      : window.setTimeout(start, 2000);
    return () => {
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      unmount?.();
    };
  }, [isShown, locale, scriptUrl, widgetId]);

  return null;
}

/**
 * Adds the chat vendor's loader script and returns a function that removes it again together with
 * every element the loader put into the page, so switching language can start the other widget clean.
 * A loader that fails (offline, blocked) is removed silently: the page never depends on it.
 */
export function mountChatWidget(
  doc: Document,
  { scriptUrl, widgetId, locale }: { scriptUrl: string; widgetId: string; locale: string },
): () => void {
  const added = new Set<Node>();
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach((node) => added.add(node));
  });
  observer.observe(doc.body, { childList: true });
  observer.observe(doc.head, { childList: true });

  const script = doc.createElement("script");
  script.src = scriptUrl;
  script.async = true;
  script.dataset.chatWidget = "";
  script.dataset.widgetId = widgetId;
  script.dataset.locale = locale;
  script.onerror = () => script.remove();
  doc.body.appendChild(script);

  return () => {
    observer.disconnect();
    script.remove();
    added.forEach((node) => node.parentNode?.removeChild(node));
    added.clear();
  };
}

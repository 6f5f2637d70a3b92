import { useCallback, useSyncExternalStore } from "react";

const CHANGE_EVENT = "proposal-storage-change";

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** Tells readers in this tab that localStorage changed (the `storage` event only reaches other tabs). */
export function announceStorageChange(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/**
 * The raw localStorage value of `key`, kept current. `undefined` while rendering on the server and
 * hydrating, so a page can tell "not read yet" from "missing" (null).
 */
export function useLocalStorageItem(key: string | null): string | null | undefined {
  const read = useCallback(() => (key ? localStorage.getItem(key) : null), [key]);
  return useSyncExternalStore(subscribe, read, () => undefined);
}

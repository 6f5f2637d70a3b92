import { createHash } from "node:crypto";
import { THEME_STORAGE_KEY } from "./theme-key";

/**
 * Runs in <head> before first paint, so the page never flashes the wrong theme.
 * A stored choice wins; without one the theme follows the system preference, live.
 * It also keeps other tabs in step when the choice changes in one of them.
 */
export const themeScript = `(function(){try{var k=${JSON.stringify(THEME_STORAGE_KEY)},d=document.documentElement,m=window.matchMedia("(prefers-color-scheme: dark)");function stored(){var t=localStorage.getItem(k);return t==="dark"||t==="light"?t:null}function apply(){var t=stored()||(m.matches?"dark":"light");d.classList.toggle("dark",t==="dark");d.style.colorScheme=t}apply();m.addEventListener("change",function(){if(!stored())apply()});window.addEventListener("storage",function(e){if(e.key===k)apply()})}catch(e){}})();`;

/** CSP source allowing exactly this inline script, for pages whose policy has no 'unsafe-inline'. */
export const themeScriptCspHash = `'sha256-${createHash("sha256").update(themeScript).digest("base64")}'`;

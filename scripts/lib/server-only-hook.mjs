// Lets a Node.js process outside Next.js (the stand-alone job worker) load our server modules: their
// `import "server-only"` guard is for bundles reaching the browser, which a plain server never is.
import { register } from "node:module";

const hook = `export async function resolve(specifier, context, next) {
  if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

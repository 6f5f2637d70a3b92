import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * UI code runs in the browser: a module under components/ or marked "use client" may not import a repo,
 * lib/db.ts or any module that declares itself server-only. Type-only imports are erased and allowed.
 */
const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".js", ".mjs", "/index.ts", "/index.tsx"];
const SERVER_ONLY = /^\s*import\s+["']server-only["'];?\s*$/m;
const serverOnlyCache = new Map();

function resolveModule(specifier, importingFile, root) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(importingFile), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function isServerOnlyModule(file) {
  if (!serverOnlyCache.has(file)) {
    serverOnlyCache.set(
      file,
      path.basename(file) === "db.ts" ||
        /\.repo\.tsx?$/.test(file) ||
        SERVER_ONLY.test(readFileSync(file, "utf8")),
    );
  }
  return serverOnlyCache.get(file);
}

function hasUseClientDirective(program) {
  return program.body.some(
    (node) => node.type === "ExpressionStatement" && node.directive === "use client",
  );
}

export const noServerCodeInClient = {
  meta: {
    type: "problem",
    docs: { description: "UI code must not import repos, lib/db.ts or server-only modules" },
    schema: [],
    messages: {
      serverOnly:
        "'{{specifier}}' is server-only code (a repo, lib/db.ts or a module importing \"server-only\"); UI must reach data through a route or a server component's props.",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const relative = path.relative(root, file).split(path.sep).join("/");
    const isComponent = relative.startsWith("components/");
    let isUi = isComponent;

    function check(node, source, isTypeOnly) {
      if (!isUi || isTypeOnly || !source || typeof source.value !== "string") return;
      const specifier = source.value;
      const resolved =
        specifier === "server-only" ? "server-only" : resolveModule(specifier, file, root);
      if (!resolved) return;
      if (resolved === "server-only" || isServerOnlyModule(resolved)) {
        context.report({ node: source, messageId: "serverOnly", data: { specifier } });
      }
    }

    return {
      Program(program) {
        isUi = isComponent || hasUseClientDirective(program);
      },
      ImportDeclaration(node) {
        const isTypeOnly =
          node.importKind === "type" ||
          (node.specifiers.length > 0 &&
            node.specifiers.every((specifier) => specifier.importKind === "type"));
        check(node, node.source, isTypeOnly);
      },
      ExportNamedDeclaration(node) {
        check(node, node.source, node.exportKind === "type");
      },
      ExportAllDeclaration(node) {
        check(node, node.source, node.exportKind === "type");
      },
      ImportExpression(node) {
        if (node.source.type === "Literal") check(node, node.source, false);
      },
    };
  },
};

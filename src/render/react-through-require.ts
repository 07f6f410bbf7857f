/**
 * An esbuild plugin for server code compiled to an ES module that leaves its packages external
 * (the theme's server entry, custom pages): it makes React load through `require()`.
 *
 * React and React DOM ship CommonJS only. When an ES module imports them, Node runs its CommonJS
 * lexer over each of their files to find the named exports before it can link the module: loading
 * the theme took 35-75 ms that way against 22-36 ms through require() (react, react/jsx-runtime
 * and react-dom/server; 2026-11-27), paid by every build that renders a page. require() returns
 * the same instance Node's import of them does, so there is still one copy of React. Other
 * packages stay plain imports: some (stemmer) are ES modules only.
 */
import type { Plugin } from 'esbuild';

const REACT_IMPORT = /^react(?:-dom)?(?:\/.*)?$/;
const NAMESPACE = 'docsgen-react-require';

/** Defines `require` in the compiled module, for the require() calls this plugin leaves in it (bin/docsgen gives the CLI the same line: it runs before src/ is compiled, so it cannot import this). */
export const REQUIRE_BANNER = "import { createRequire as __docsgenCreateRequire } from 'node:module'; const require = __docsgenCreateRequire(import.meta.url);";

export const reactThroughRequire: Plugin = {
  name: 'docsgen-react-through-require',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: REACT_IMPORT }, (args) =>
      // The stand-in module's own require() of the package stays external: Node resolves it.
      args.namespace === NAMESPACE ? { path: args.path, external: true } : { path: args.path, namespace: NAMESPACE },
    );
    // A CommonJS stand-in: esbuild gives its importers named exports through its own interop.
    pluginBuild.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js' }));
  },
};

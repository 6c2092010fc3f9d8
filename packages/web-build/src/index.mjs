// @ts-check
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteLoadTimeoutMs } from '@meritmatch/web-kit/load-timeout';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { PrecompressPlugin } from './precompress.mjs';

/** The product's 120 s budget for loading a script part (SPEC.md section 9), from its one home. */
export { remoteLoadTimeoutMs };

/**
 * How each shared module is shared. React, react-dom, react-router-dom and the session/API
 * client must be one instance across the shell and the remotes: a remote built against an
 * incompatible version fails to load with the runtime's message (its area shows it) rather
 * than running silently against the wrong copy. The ui kit holds no state across areas: a
 * remote whose range the shell's copy does not satisfy loads its own. react-query is not
 * shared: the shell does not use it, and a tab opens one role's area, so sharing it only
 * made each remote fetch its copy after its entry had started, one round trip later than
 * the rest of the area (measured by the bench's area-navigation case).
 */
const sharePolicy = {
  react: { singleton: true },
  'react-dom': { singleton: true },
  'react-router-dom': { singleton: true, import: fileURLToPath(new URL('./router.mjs', import.meta.url)) },
  '@meritmatch/web-session': { singleton: true },
  '@meritmatch/ui': { singleton: false },
  '@meritmatch/ui/dialogs': { singleton: false, package: '@meritmatch/ui' },
  '@meritmatch/ui/feedback': { singleton: false, package: '@meritmatch/ui' },
};

/**
 * The shared modules of the app in `dir`: those its package.json depends on, each with the
 * version this build bundles (read from the installed package, so a pruned image context
 * needs nothing the app does not use) and a caret range of it as the requirement.
 *
 * @param {string} dir the app's folder
 */
export function sharedModules(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const dependencies = { ...manifest.dependencies, ...manifest.peerDependencies };
  const requireFromApp = createRequire(join(dir, 'package.json'));
  /** @type {Record<string, object>} */
  const shared = {};
  for (const [request, policy] of Object.entries(sharePolicy)) {
    const pkg = policy.package ?? request;
    if (!(pkg in dependencies)) continue;
    const { version } = requireFromApp(`${pkg}/package.json`);
    shared[request] = {
      ...(policy.import ? { import: policy.import } : {}),
      singleton: policy.singleton,
      strictVersion: policy.singleton,
      version,
      requiredVersion: `^${version}`,
    };
  }
  return shared;
}

/**
 * What the shell offers the remotes: each shared module's version and rules, as
 * `sharedModules` gives them to a remote's build (without the build-time `import` path).
 *
 * @param {string} dir the app's folder
 */
export function offeredModules(dir) {
  return Object.fromEntries(
    Object.entries(sharedModules(dir)).map(([request, { import: _path, ...rules }]) => [request, rules]),
  );
}

/**
 * react-router's package exports only its development build (warnings and checks included);
 * its production build sits beside it: a production build of a web app uses that one.
 *
 * @param {string} dir the app's folder
 */
function reactRouterProduction(dir) {
  const requireFromApp = createRequire(join(dir, 'package.json'));
  let root;
  try {
    root = dirname(requireFromApp.resolve('react-router/package.json'));
  } catch {
    return {}; // an app without the router
  }
  return {
    'react-router$': join(root, 'dist/production/index.mjs'),
    'react-router/dom$': join(root, 'dist/production/dom-export.mjs'),
  };
}

/**
 * A remote's configuration: the folder of the config file that calls it, and the one module every
 * remote exposes to the shell (`./App`, its area).
 * @param {string} configUrl the calling config's `import.meta.url`
 * @param {{ name: string, port: number, title: string }} options
 */
export function createRemoteConfig(configUrl, { name, port, title }) {
  const dir = dirname(fileURLToPath(configUrl));
  return createWebConfig({ dir, name, port, title, exposes: { './App': './src/exposes/App.tsx' } });
}

/**
 * @param {object} options
 * @param {string} options.dir the app's folder
 * @param {string} options.name the federation name (a JavaScript identifier)
 * @param {number} options.port the dev server's port
 * @param {Record<string, string>} [options.exposes] for a remote: what it exposes
 * @param {string} [options.title]
 */
export function createWebConfig({ dir, name, port, exposes, title = 'MeritMatch' }) {
  const isHost = !exposes;
  const production = process.env.NODE_ENV !== 'development';
  /** @type {import('@rspack/core').Configuration} */
  const config = {
    context: dir,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: join(dir, 'dist'),
      // remotes load their chunks from wherever their manifest was found
      publicPath: isHost ? '/' : 'auto',
      uniqueName: name,
      filename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      chunkFilename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      cssFilename: production ? 'static/css/[name].[contenthash:8].css' : 'static/css/[name].css',
      cssChunkFilename: production ? 'static/css/[name].[contenthash:8].css' : 'static/css/[name].css',
      chunkLoadTimeout: remoteLoadTimeoutMs,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      ...(production ? { alias: reactRouterProduction(dir) } : {}),
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: fileURLToPath(new URL('./index.html', import.meta.url)),
        title,
      }),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        // only a remote's standalone mode reads this; the shell reads /config.json at run time
        'process.env.API_BASE_URL': JSON.stringify(process.env.API_BASE_URL ?? 'http://127.0.0.1:4100/api'),
      }),
      ...(isHost
        ? [
            // The shell is a host at run time only (src/federation/host.ts): no build plugin,
            // so its own pages import React and the router directly, with no share negotiation
            // and no federation runtime before an area is opened. What it offers the remotes,
            // and with which versions and rules, comes from the same policy as a remote's.
            new rspack.DefinePlugin({
              MERITMATCH_SHARED: JSON.stringify(offeredModules(dir)),
              // browsers only: the runtime's code for loading remotes in node is left out
              ENV_TARGET: JSON.stringify('web'),
            }),
          ]
        : [
            new ModuleFederationPlugin({
              name,
              filename: 'remoteEntry.js',
              exposes,
              manifest: true,
              dts: false,
              experiments: {
                // browsers only: the runtime's code for loading remotes in node is left out
                optimization: { target: 'web' },
                // a production remote runs on the shell's federation runtime (which the shell's
                // host hands over, src/federation/host.ts) instead of bringing its own: 28 KB less
                // to fetch and about 200 ms less script at a phone's speed (bench: areas-signed-in).
                // A remote's standalone page (npm run dev) keeps its own runtime.
                externalRuntime: production,
              },
              shared: sharedModules(dir),
            }),
          ]),
      // compressed once here, not on every request by the web server
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: { minimize: production },
    performance: { hints: false },
    devServer: {
      port,
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
  };
  return config;
}

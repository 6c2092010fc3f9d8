// @ts-check
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { remoteLoadTimeoutMs } from '@meritmatch/web-kit/load-timeout';
import { rspack } from '@rspack/core';

const require = createRequire(import.meta.url);

/**
 * Shared modules. React, react-dom, react-router-dom and the session/API client must be
 * one instance across the shell and the remotes; the others are shared to avoid
 * downloading them twice.
 */
export function sharedModules() {
  const version = (name) => require(`${name}/package.json`).version;
  const singleton = (name) => ({ singleton: true, requiredVersion: `^${version(name)}` });
  return {
    react: singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-router-dom': singleton('react-router-dom'),
    '@meritmatch/web-session': { singleton: true, requiredVersion: false },
    '@meritmatch/ui': { singleton: true, requiredVersion: false },
    '@meritmatch/ui/dialogs': { singleton: true, requiredVersion: false },
    '@tanstack/react-query': singleton('@tanstack/react-query'),
  };
}

/**
 * @param {object} options
 * @param {string} options.dir the app's folder
 * @param {string} options.name the federation name (a JavaScript identifier)
 * @param {number} options.port the dev server's port
 * @param {Record<string, string>} [options.exposes] for a remote: what it exposes
 * @param {string[]} [options.runtimePlugins] for the host: runtime plugins (failure handling)
 * @param {string} [options.title]
 */
export function createWebConfig({ dir, name, port, exposes, runtimePlugins = [], title = 'MeritMatch' }) {
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
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
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
      new ModuleFederationPlugin({
        name,
        ...(isHost
          ? { remotes: {}, shareStrategy: 'loaded-first', runtimePlugins }
          : { filename: 'remoteEntry.js', exposes }),
        manifest: true,
        dts: false,
        shared: sharedModules(),
      }),
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

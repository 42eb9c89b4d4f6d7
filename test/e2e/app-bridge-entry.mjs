// The host side of ext-apps as a browser script: app-host.mjs bundles this file with esbuild when a
// check starts, and the host page finds the classes on `globalThis.ExtApps`.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

globalThis.ExtApps = { AppBridge, PostMessageTransport };

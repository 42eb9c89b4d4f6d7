/**
 * The resource URIs of kept renders: a 2025 session's last page (the MCP App view) and last sign,
 * and the handle of any kept render, which any later request reads while it is kept.
 */
export const VIEW_URI = 'ui://dtpr/datachain/view.html' as const;
export const SIGN_URI = 'ui://dtpr/datachain/sign.svg' as const;
/**
 * Handles of kept renders: `ui://dtpr/render/<hash>.html` (a page) or `.svg` (a sign), where the
 * hash is a keyed HMAC of the render (sessions.ts): no client can compute it from the content.
 */
export const RENDER_URI_PREFIX = 'ui://dtpr/render/' as const;
export const RENDER_URI = /^ui:\/\/dtpr\/render\/([0-9a-f]{64})\.(html|svg)$/;

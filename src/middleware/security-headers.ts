/** Headers every answer carries; SVG and HTML answers set their own Content-Security-Policy first. */
export function applySecurityHeaders(h: Headers): void {
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'no-referrer');
  h.set('X-Frame-Options', 'DENY');
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
}

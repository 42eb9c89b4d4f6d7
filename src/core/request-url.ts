/** `scheme://host[:port]` of an absolute URL, without a full URL parse on the hot path. */
export function requestOrigin(url: string): string {
  const end = url.indexOf('/', url.indexOf('//') + 2);
  return end < 0 ? url : url.slice(0, end);
}

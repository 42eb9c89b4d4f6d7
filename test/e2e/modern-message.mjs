// A 2026-07-28 message as the end-to-end scripts send it: the revision in `_meta` and in the
// headers that revision requires (`Mcp-Method`, and `Mcp-Name` for a named call).
export const MODERN = '2026-07-28';

/** The headers and the JSON body of one 2026-07-28 request. */
export function modernMessage(method, params = {}, name) {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
    ...(name ? { 'mcp-name': name } : {}),
  };
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method,
    params: {
      ...params,
      _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} },
    },
  };
  return { headers, body };
}

/** A get_element call of `institution` in `version`, as a 2026-07-28 message. */
export const getElementMessage = (version) =>
  modernMessage(
    'tools/call',
    { name: 'get_element', arguments: { version, element_id: 'institution' } },
    'get_element',
  );

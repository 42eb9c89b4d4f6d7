/** The server's release, as `initialize` (serverInfo) and the OpenAPI document state it; equal to package.json's `version` (a unit test checks). */
export const SERVER_VERSION = '0.1.0';

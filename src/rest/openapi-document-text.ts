import { OPENAPI_TEXT } from '../store/generated/descriptors-text.js';
import type * as Form from './openapi-document.js';

/** `openapi-document.ts` as the Worker's script holds it: docs/openapi.json, beside the script (decision 062). */
export const openApiText: typeof Form.openApiText = () => OPENAPI_TEXT;

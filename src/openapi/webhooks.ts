import type { OpenApiDocumentOptions } from '../model/openapi';
import type { AppHistory } from '../history/app-history';
import { shownSchema } from './schemas';

/**
 * The document's `webhooks`: one `post` a payload, its body the payload's
 * schema as the document's version describes it (derived through the
 * version history, as responses are). `undefined` without any.
 */
export function webhooksOf(webhooks: OpenApiDocumentOptions['webhooks'], history: AppHistory | null | undefined, version: string | null, warn: (reason: string) => void): Record<string, unknown> | undefined {
  if (webhooks === undefined || Object.keys(webhooks).length === 0) return undefined;
  const index = history ? history.indexOf(version) : -1;
  const out: Record<string, unknown> = {};
  for (const [name, payload] of Object.entries(webhooks)) {
    const schema = history && index > 0 ? history.schemas.at(payload, index, 'output') : payload;
    out[name] = {
      post: {
        summary: `The ${name} payload`,
        // What the receiver requires of the sender is the receiver's to say: the API declares none.
        security: [],
        operationId: `webhook${name.split(/[^A-Za-z0-9]+/).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}`,
        requestBody: { required: true, content: { 'application/json': { schema: shownSchema(schema, 'output', (reason) => warn(`webhook '${name}': ${reason}; its document entry is {} (any value).`)) } } },
        responses: { '2XX': { description: 'The receiver accepted the payload' } },
      },
    };
  }
  return out;
}

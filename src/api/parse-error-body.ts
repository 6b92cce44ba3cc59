import { gatewayErrorBodySchema } from '../../contract/gateway/gateway-error-body.ts';
import type { FieldError } from './gateway-error.ts';

export interface ParsedErrorBody {
  message: string | undefined;
  fieldErrors: FieldError[];
}

/** `card[card_cvv]` and `card.card_cvv` both become `card.card_cvv`. */
export function normaliseFieldName(name: string): string {
  return name
    .replace(/\[(\w+)\]/g, '.$1')
    .replace(/^\./, '')
    .trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((v): v is string => typeof v === 'string' && v.trim() !== '');
}

/**
 * The spec does not show the 400 body (spec 7), so every shape we can think of yields a message:
 * `{errors:[{message, parameter_name, type}]}` (expected), `{errors:{field:[msg]}}`, `{errors:[string]}`,
 * `{message|error|detail, field|parameter_name}`, a bare string, or nothing.
 */
export function parseErrorBody(body: unknown): ParsedErrorBody {
  const expected = gatewayErrorBodySchema.safeParse(body);
  if (expected.success) {
    const fieldErrors = expected.data.errors.flatMap((e) =>
      e.parameter_name ? [{ field: normaliseFieldName(e.parameter_name), message: e.message }] : [],
    );
    return { message: expected.data.errors[0]?.message, fieldErrors };
  }
  if (typeof body === 'string') return { message: firstString(body.slice(0, 300)), fieldErrors: [] };
  if (!isRecord(body)) return { message: undefined, fieldErrors: [] };

  const fieldErrors: FieldError[] = [];
  const messages: string[] = [];
  const { errors } = body;
  if (isRecord(errors)) {
    for (const [field, value] of Object.entries(errors)) {
      const list: unknown[] = Array.isArray(value) ? value : [value];
      const message = firstString(...list, ...list.map((v) => (isRecord(v) ? v.message : undefined)));
      if (message) fieldErrors.push({ field: normaliseFieldName(field), message });
    }
  } else if (Array.isArray(errors)) {
    for (const entry of errors) {
      if (typeof entry === 'string') messages.push(entry);
      else if (isRecord(entry)) {
        const message = firstString(entry.message, entry.msg, entry.detail, entry.description);
        const field = firstString(entry.parameter_name, entry.field, entry.param, entry.path);
        if (message && field) fieldErrors.push({ field: normaliseFieldName(field), message });
        else if (message) messages.push(message);
      }
    }
  }
  const topMessage = firstString(body.message, body.error, body.detail, body.error_description);
  const topField = firstString(body.parameter_name, body.field);
  if (topMessage && topField) fieldErrors.push({ field: normaliseFieldName(topField), message: topMessage });
  return {
    message: firstString(topMessage, ...messages, fieldErrors[0]?.message),
    fieldErrors,
  };
}

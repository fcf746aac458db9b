import { z } from 'zod';
import type { AppContext } from './context';
import { ApiError } from './errors';
import { readJsonBody } from './json-body';

/** Parses and validates the JSON body; 400 for broken JSON, 422 with the first problem spelled out (or for too deep nesting). */
/** Takes classic schemas and the contract's zod/mini ones alike. */
export async function readJson<T extends z.core.$ZodType>(c: AppContext, schema: T): Promise<z.output<T>> {
  const raw = await readJsonBody(c);
  const result = z.safeParse(schema, raw);
  if (result.success) return result.data;
  throw validationError(result.error);
}

export function validationError(error: z.ZodError): ApiError {
  const errors = error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  const first = errors[0];
  const message = first ? (first.message.endsWith('.') ? first.message : `${first.message}.`) : 'The request is not valid.';
  return new ApiError(422, 'validation_failed', message, errors);
}

import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '../../contract/errors';
import type { AppEnv } from '../http/request-context';

type Ctx = Context<AppEnv>;

/** The /api success envelope: always `message`, `data` where the contract lists one. */
export function ok(c: Ctx, message: string, data?: unknown, status: 200 | 201 = 200) {
  return c.json(data === undefined ? { message } : { message, data }, status);
}

/**
 * The envelope whose `data` has the shape of a contract schema: the compiler holds `data` to it here, and the
 * integration suite holds every answer to the OpenAPI document made from the same schema
 * (docs/decisions/0040-openapi-for-the-rest-layer.md). Not parsed at run time: the core's types already are it.
 */
export function okData<S extends z.ZodTypeAny>(c: Ctx, _schema: S, message: string, data: z.input<S>, status: 200 | 201 = 200) {
  return ok(c, message, data, status);
}

/**
 * The JSON body as an object. No body (or no JSON content type with an empty body) is {}, as the old
 * client sends bodyless POSTs; malformed JSON or a non-object is a clear 400.
 */
export async function readBody(c: Ctx): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('BAD_INPUT', 'The request body is not valid JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new AppError('BAD_INPUT', 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

/** The old client wraps some payloads as {data: {...}, withCredentials: true}; accept both shapes. */
export function unwrapData(body: Record<string, unknown>): Record<string, unknown> {
  const inner = body.data;
  return inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : body;
}

import type { Request } from 'express';
import { badRequest } from '../errors';

/** Reading the JSON bodies of playlist changes. */

/** A JSON body as an object (an absent body is an empty one). */
export function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Invalid request body: expected an object');
  return body as Record<string, unknown>;
}

export function optionalSnapshot(body: Record<string, unknown>): string | undefined {
  const value = body.snapshot_id;
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw badRequest('Invalid snapshot_id');
  return value;
}

export function bodyInteger(body: Record<string, unknown>, name: string, minimum: number): number | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum) throw badRequest(`Invalid ${name}`);
  return value;
}

export function validName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 100) {
    throw badRequest('Missing or invalid name: 1 to 100 characters');
  }
  return value.trim();
}

export function validDescription(value: unknown): string {
  if (typeof value !== 'string' || value.length > 300) {
    throw badRequest('Invalid description: at most 300 characters');
  }
  return value;
}

export function validBoolean(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw badRequest(`Invalid ${name}: expected true or false`);
  return value;
}

/** The items in their new order when `length` items from `start` move before `insertBefore`. */
export function reordered<T>(items: readonly T[], start: number, length: number, insertBefore: number): T[] {
  const moved = items.slice(start, start + length);
  const rest = [...items.slice(0, start), ...items.slice(start + length)];
  // `insertBefore` counts in the order before the move; inside the range, nothing moves.
  const at = insertBefore <= start ? insertBefore : Math.max(start, insertBefore - length);
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)];
}

import type { Request } from 'express';
import { badRequest } from '../errors';
import { PreparedJson } from './prepared-json';
import { queryString } from './params';

/**
 * Spotify's `fields` filter (`GET /playlists/{id}` and its items): a comma-separated list of the
 * fields to keep, `.` for a field inside an object (`owner.id`), parentheses for several fields
 * of each object inside (`items(added_at,item(name,uri))`), and `!` before a field to leave it
 * out (`item(!available_markets)`). A list of exclusions alone keeps every other field. Arrays
 * are filtered item by item; a field the value does not have is left out of the answer.
 */
export interface Selection {
  /** The fields kept, each whole (`true`) or filtered by its own selection. Empty: every field. */
  readonly include: ReadonlyMap<string, Selection | true>;
  readonly exclude: ReadonlySet<string>;
}

interface Draft {
  include: Map<string, Draft | true>;
  exclude: Set<string>;
}

const fieldName = /[A-Za-z0-9_]/;
/** Longer expressions are no filter a client needs; refusing them bounds the work per request. */
const maxLength = 2_000;
const maxDepth = 16;

class Parser {
  private at = 0;

  constructor(private readonly text: string) {}

  parse(): Selection {
    const selection = this.list(0);
    if (this.at < this.text.length) this.fail(`unexpected "${this.text.charAt(this.at)}"`);
    return selection;
  }

  private list(depth: number): Draft {
    if (depth > maxDepth) this.fail('nested too deep');
    const draft: Draft = { include: new Map(), exclude: new Set() };
    do {
      this.entry(draft, depth);
    } while (this.take(','));
    return draft;
  }

  /** One field of a list, with what follows it: `name`, `!name`, `name.entry` or `name(list)`. */
  private entry(into: Draft, depth: number): void {
    const excluded = this.take('!');
    const name = this.name();
    if (excluded) {
      if (this.peek('.') || this.peek('(')) this.fail(`"!${name}" leaves a field out whole, so it takes no fields`);
      into.exclude.add(name);
      return;
    }
    let inner: Draft | true = true;
    if (this.take('.')) {
      inner = { include: new Map(), exclude: new Set() };
      this.entry(inner, depth + 1);
    } else if (this.take('(')) {
      inner = this.list(depth + 1);
      if (!this.take(')')) this.fail('a "(" is not closed');
    }
    into.include.set(name, merge(into.include.get(name), inner));
  }

  private name(): string {
    const start = this.at;
    while (this.at < this.text.length && fieldName.test(this.text.charAt(this.at))) this.at += 1;
    if (this.at === start) {
      this.fail(this.at < this.text.length ? `unexpected "${this.text.charAt(this.at)}"` : 'a field name is missing');
    }
    return this.text.slice(start, this.at);
  }

  private peek(char: string): boolean {
    return this.text.charAt(this.at) === char;
  }

  private take(char: string): boolean {
    if (!this.peek(char)) return false;
    this.at += 1;
    return true;
  }

  private fail(problem: string): never {
    throw badRequest(`Invalid fields: ${problem} at character ${String(this.at + 1)}`);
  }
}

/** Two selections of the same field (`items.href,items.total`): what either keeps. */
function merge(known: Draft | true | undefined, added: Draft | true): Draft | true {
  if (known === undefined) return added;
  if (known === true || added === true) return true;
  for (const [name, inner] of added.include) known.include.set(name, merge(known.include.get(name), inner));
  for (const name of added.exclude) known.exclude.add(name);
  return known;
}

/** Parses a `fields` expression; a malformed one is a 400 that says where. */
export function parseFields(text: string): Selection {
  if (text.length > maxLength) throw badRequest(`Invalid fields: longer than ${String(maxLength)} characters`);
  return new Parser(text).parse();
}

/** The request's `fields` parameter, parsed; undefined when it has none (every field). */
export function fieldsParam(req: Request): Selection | undefined {
  const raw = queryString(req, 'fields');
  if (raw === undefined || raw.trim() === '') return undefined;
  return parseFields(raw.replace(/\s+/g, ''));
}

/**
 * `value` with only the selected fields. Prepared parts kept whole stay prepared (copied in as
 * bytes); a part filtered inside is parsed for it.
 */
export function selectFields(value: unknown, selection: Selection | undefined): unknown {
  if (selection === undefined) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => selectFields(item, selection));
  if (value instanceof PreparedJson) return selectFields(value.value(), selection);
  if (value === null || typeof value !== 'object') return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return selectFields(JSON.parse(JSON.stringify(value)) as unknown, selection);
  }
  const record = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  const every = selection.include.size === 0;
  // In the object's own order, as the answer without a filter has them.
  for (const [key, child] of Object.entries(record)) {
    if (selection.exclude.has(key)) continue;
    const inner = every ? true : selection.include.get(key);
    if (inner === undefined) continue;
    result[key] = inner === true ? child : selectFields(child, inner);
  }
  return result;
}

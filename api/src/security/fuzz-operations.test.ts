import { loadTypeDefs } from '@graphonic/schema';
import {
  buildSchema,
  getVariableValues,
  Kind,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { operationErrors } from '../limits/limits';
import { measureOperation } from '../limits/operation';
import { describeRequest, fuzzKinds, OperationGenerator, type FuzzOperation, type FuzzPool } from './fuzz-operations';

// Validates hundreds of operations: time enough on a machine that may be busy.
vi.setConfig({ testTimeout: 30_000 });

const schema = buildSchema(loadTypeDefs().join('\n'));
const { limits } = loadConfig({}).graphql;
const pool: FuzzPool = {
  ids: {
    track: ['t1', 't2', 't3'],
    album: ['al1', 'al2'],
    artist: ['ar1'],
    playlist: ['p1', 'p2'],
    show: ['s1'],
    episode: ['e1'],
    user: ['demo'],
    category: ['party'],
    device: ['d1'],
  },
  genres: ['rock'],
};

function operations(seed: number, count: number): FuzzOperation[] {
  return new OperationGenerator(schema, pool, seed).take(count);
}

interface Sent {
  query?: unknown;
  variables?: Record<string, unknown>;
}

/** Parses, validates (with the api's limits) and coerces the variables of a JSON request; the errors, if any. */
function problems(operation: FuzzOperation): string[] {
  const sent = JSON.parse(operation.request.body ?? '{}') as Sent;
  if (typeof sent.query !== 'string') return ['no query'];
  let document: DocumentNode;
  try {
    document = parse(sent.query);
  } catch (error) {
    return [String(error)];
  }
  const invalid = validate(schema, document, specifiedRules);
  if (invalid.length > 0) return invalid.map((error) => error.message);
  const operationNode = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (!operationNode) return ['no operation'];
  const coerced = getVariableValues(schema, operationNode.variableDefinitions ?? [], sent.variables ?? {});
  if (coerced.errors) return coerced.errors.map((error) => error.message);
  const measure = measureOperation({ schema, document, operation: operationNode, variables: coerced.coerced });
  return operationErrors(measure, limits).map((error) => error.message);
}

describe('OperationGenerator', () => {
  const generated = operations(42, 800);

  it('generates the same requests from the same seed, and others from another seed', () => {
    expect(operations(42, 200)).toEqual(generated.slice(0, 200));
    expect(operations(43, 200).map((operation) => operation.request)).not.toEqual(
      generated.slice(0, 200).map((operation) => operation.request),
    );
  });

  it('mixes every kind, a good share of them valid, queries and mutations', () => {
    const counts = new Map<string, number>();
    for (const operation of generated) counts.set(operation.kind, (counts.get(operation.kind) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...fuzzKinds].sort());
    expect(counts.get('valid')).toBeGreaterThan(generated.length * 0.2);
    const valid = generated.filter((operation) => operation.kind === 'valid');
    expect(valid.some((operation) => operation.mutation)).toBe(true);
    expect(valid.some((operation) => !operation.mutation)).toBe(true);
  });

  it('makes valid operations that pass validation, variable coercion, page bounds and the operation limits', () => {
    const valid = generated.filter((operation) => operation.kind === 'valid');
    const failing = valid
      .map((operation) => ({ operation: describeRequest(operation.request, 500), problems: problems(operation) }))
      .filter((entry) => entry.problems.length > 0);
    expect(failing).toEqual([]);
    // Variables, fragments and aliases are all in use among them.
    const bodies = valid.map((operation) => operation.request.body ?? '');
    expect(bodies.some((body) => body.includes('"variables"'))).toBe(true);
    expect(bodies.some((body) => body.includes('fragment '))).toBe(true);
    expect(bodies.some((body) => /\b\w+: \w+[({]/.test(body))).toBe(true);
  });

  it('breaks the operations of the kinds that promise it', () => {
    for (const kind of ['unknownField', 'missingRequired'] as const) {
      const broken = generated.filter((operation) => operation.kind === kind);
      expect(broken.length).toBeGreaterThan(10);
      const passing = broken.filter((operation) => problems(operation).length === 0);
      expect(passing.map((operation) => describeRequest(operation.request, 500))).toEqual([]);
    }
    // Some syntax cases are odd but valid on purpose (a byte-order mark, a document twice, a subscription), so
    // the share that does not parse is judged on a sample large enough to hold still as the schema grows.
    const syntax = operations(7, 6000).filter((operation) => operation.kind === 'syntax');
    expect(syntax.length).toBeGreaterThan(150);
    const unparsable = syntax.filter((operation) => {
      const query = (JSON.parse(operation.request.body ?? '{}') as Sent).query;
      try {
        parse(String(query));
        return false;
      } catch {
        return true;
      }
    });
    expect(unparsable.length).toBeGreaterThan(syntax.length * 0.45);
  });

  it('keeps every request within the api’s body limit but a few that test it', () => {
    const sizes = generated.map((operation) => operation.request.body?.length ?? 0);
    const over = sizes.filter((size) => size > 100 * 1024);
    expect(over.length).toBeLessThan(generated.length * 0.02);
    expect(Math.max(...sizes)).toBeLessThan(300 * 1024);
  });

  it('describes a request in full, or cut at the given length', () => {
    const [first] = generated;
    if (!first) throw new Error('nothing generated');
    expect(describeRequest({ method: 'GET', search: 'query=%7B%7D' })).toBe('GET /graphql?query=%7B%7D');
    expect(describeRequest({ method: 'POST', body: '{"query":"{ me { id } }"}' })).toBe(
      'POST /graphql (application/json) {"query":"{ me { id } }"}',
    );
    expect(describeRequest({ method: 'POST', body: 'x'.repeat(100) }, 40)).toMatch(/^.{40}… \(133 characters\)$/);
  });
});

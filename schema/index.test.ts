import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildASTSchema, concatAST, isEnumType, isObjectType, parse, type GraphQLNamedType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadTypeDefs, schemaDir, schemaFiles } from './index';

const schema = buildASTSchema(concatAST(loadTypeDefs().map((sdl) => parse(sdl))));

function userTypes(): GraphQLNamedType[] {
  return Object.values(schema.getTypeMap()).filter((type) => !type.name.startsWith('__'));
}

describe('the schema', () => {
  it('is assembled from the domain files and declares the Query root', () => {
    expect(schemaFiles()).toContain('common.graphql');
    expect(schema.getQueryType()?.name).toBe('Query');
  });

  it('describes every type, field and argument', () => {
    const missing: string[] = [];
    const builtIn = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);
    for (const type of userTypes()) {
      if (builtIn.has(type.name)) continue;
      if (!type.description?.trim()) missing.push(type.name);
      if (isObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description?.trim()) missing.push(`${type.name}.${field.name}`);
          for (const arg of field.args) {
            if (!arg.description?.trim()) missing.push(`${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('names enum values in UPPER_CASE', () => {
    const badValues = userTypes()
      .filter(isEnumType)
      .flatMap((type) => type.getValues().map((value) => `${type.name}.${value.name}`))
      .filter((name) => !/\.[A-Z][A-Z0-9_]*$/.test(name));
    expect(badValues).toEqual([]);
  });
});

/** The codes of docs/errors.md's catalogue: the first column of the first table whose header starts with `code`. */
function documentedErrorCodes(): string[] {
  const lines = readFileSync(join(schemaDir, '..', 'docs', 'errors.md'), 'utf8').split('\n');
  const header = lines.findIndex((line) => /^\|\s*code\s*\|/.test(line));
  const codes: string[] = [];
  // The header, its separator, then one row per code until the table ends.
  for (const line of lines.slice(header + 2)) {
    const code = /^\|\s*`([A-Z_]+)`\s*\|/.exec(line)?.[1];
    if (!code) break;
    codes.push(code);
  }
  return codes;
}

describe('the error codes', () => {
  it('of enum ErrorCode are the catalogue of docs/errors.md, in its order', () => {
    const errorCode = schema.getType('ErrorCode');
    if (!isEnumType(errorCode)) throw new Error('The schema declares no enum ErrorCode.');
    const codes = errorCode.getValues().map((value) => value.name);
    expect(codes.length).toBeGreaterThanOrEqual(10);
    expect(documentedErrorCodes()).toEqual(codes);
  });
});

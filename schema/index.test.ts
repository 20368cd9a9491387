import { buildASTSchema, concatAST, isEnumType, isObjectType, parse, type GraphQLNamedType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadTypeDefs, schemaFiles } from './index';

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

import { Random } from '@graphonic/music';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  OperationTypeNode,
  parseType,
  print,
  type ArgumentNode,
  type DefinitionNode,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionNode,
  type ValueNode,
} from 'graphql';
import { encodeCursor } from '../modules/common/connections';
import { schemaPageBounds } from './page-bounds';

/**
 * GraphQL requests generated from the schema for the api's fuzz test: valid operations (real
 * ids, page sizes within their bounds, aliases, fragments, variables) and the same operations
 * broken on purpose (wrong types, missing or unknown fields and arguments, extreme numbers,
 * malformed ids, deep nesting, strange strings, bad mutation input, broken syntax, odd request
 * bodies). Everything follows from one seed: the same seed gives the same requests.
 */

/** The kinds of object whose real ids the generator uses. */
export type IdKind = 'track' | 'album' | 'artist' | 'playlist' | 'show' | 'episode' | 'user' | 'category' | 'device';

/** Real ids (and genres) the operations use, so that valid ones reach the resolvers and the music service. */
export interface FuzzPool {
  ids: Partial<Record<IdKind, readonly string[]>>;
  genres?: readonly string[];
}

export const fuzzKinds = [
  'valid',
  'wrongType',
  'missingRequired',
  'unknownField',
  'extremeNumber',
  'malformedId',
  'deepNesting',
  'aliases',
  'fragments',
  'wrongVariable',
  'randomString',
  'badMutationInput',
  'syntax',
  'envelope',
  'badCredentials',
] as const;

export type FuzzKind = (typeof fuzzKinds)[number];

/** How often each kind comes, out of the sum of the weights. */
const kindWeights: Record<FuzzKind, number> = {
  valid: 30,
  wrongType: 6,
  missingRequired: 5,
  unknownField: 5,
  extremeNumber: 7,
  malformedId: 8,
  deepNesting: 4,
  aliases: 4,
  fragments: 4,
  wrongVariable: 6,
  randomString: 7,
  badMutationInput: 8,
  syntax: 4,
  envelope: 2,
  badCredentials: 3,
};

/** One HTTP request to `/graphql`. */
export interface FuzzRequest {
  method: 'GET' | 'POST';
  /** The query string of a GET, without `?`. */
  search?: string;
  /** The body of a POST, as sent. */
  body?: string;
  /** `application/json` unless said otherwise. */
  contentType?: string;
  /** Sends `apollo-require-preflight`, which lets a GET through CSRF prevention. */
  preflight?: boolean;
  /** Credentials sent instead of the sender's own (forged or malformed ones). */
  headers?: { authorization?: string; cookie?: string };
}

export interface FuzzOperation {
  /** Its place in the sequence (0 for the first). */
  index: number;
  kind: FuzzKind;
  /** Whether it is a GraphQL mutation (or was made from one). */
  mutation: boolean;
  request: FuzzRequest;
}

/** A request as text, for a failure's message: enough to replay it by hand. */
export function describeRequest(request: FuzzRequest, maxLength = 4000): string {
  const text =
    request.method === 'GET'
      ? `GET /graphql?${request.search ?? ''}`
      : `POST /graphql (${request.contentType ?? 'application/json'}) ${request.body ?? ''}`;
  return text.length > maxLength ? `${text.slice(0, maxLength)}… (${text.length} characters)` : text;
}

/** An enum value: a name in a document, a string among variables. */
class EnumValue {
  constructor(readonly name: string) {}
  toJSON(): string {
    return this.name;
  }
}

/** An argument's value taken from a variable. */
class VariableRef {
  constructor(readonly name: string) {}
}

interface Argument {
  name: string;
  /** Null for an argument the schema does not have. */
  type: GraphQLInputType | null;
  value: unknown;
}

interface Field {
  kind: 'field';
  name: string;
  alias?: string;
  args: Argument[];
  /** Null for a leaf. */
  selections: Selection[] | null;
  /** Directives by name, each with its `if` argument when it has one. */
  directives?: { name: string; if?: unknown }[];
}

interface InlineFragment {
  kind: 'inline';
  typeCondition: string | null;
  selections: Selection[];
}

interface Spread {
  kind: 'spread';
  name: string;
}

type Selection = Field | InlineFragment | Spread;

interface VariableDefinition {
  name: string;
  type: string;
}

interface Fragment {
  name: string;
  on: string;
  selections: Selection[];
}

/** An operation before it is printed: every part can still be changed. */
interface Draft {
  operation: 'query' | 'mutation';
  name?: string;
  root: Selection[];
  variableDefinitions: VariableDefinition[];
  variables: Record<string, unknown>;
  fragments: Fragment[];
}

/** A place that holds an input value: an argument, a field of an input object, an item of a list, or a variable's value. */
interface Slot {
  /** The type expected there (null for an unknown argument). */
  type: GraphQLInputType | null;
  /** The argument or input field's name (a list item has its list's). */
  name: string;
  /** The field whose argument it is (or holds it). */
  field: string;
  /** Whether it is an item of a list (taking it out leaves a shorter list, not a missing value). */
  item: boolean;
  get: () => unknown;
  set: (value: unknown) => void;
  /** Takes the value out entirely (the argument or input field is then absent). */
  remove: () => void;
}

const malformedIds: readonly string[] = [
  '',
  ' ',
  '\t\n',
  '0',
  '-1',
  'NaN',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  '../../../etc/passwd',
  '..%2F..%2Fme',
  '..',
  '.',
  '/',
  'a/b',
  '%',
  '%zz',
  '%00',
  '\u0000',
  'id?limit=1000000',
  'id#fragment',
  'id&market=XX',
  'id\r\nX-Injected: 1',
  "' OR '1'='1",
  '1; DROP TABLE tracks; --',
  '${jndi:ldap://127.0.0.1/a}',
  '<script>alert(1)</script>',
  '{{7*7}}',
  'spotify:',
  'spotify::',
  'spotify:track:',
  'spotify:track',
  'spotify:unknown:abc',
  'spotify:user:demo:playlist:abc',
  'spotify:local:Artist:Album:Track:180',
  'spotify:track:abc:def',
  'SPOTIFY:TRACK:ABC',
  'http://127.0.0.1:1/v1/me',
  'https://open.spotify.com/track/abc',
  'x'.repeat(300),
  '9'.repeat(40),
  'ä'.repeat(64),
  '😀',
  '\u202eevil',
  '\ufeffid',
  'abc\u200b',
  'Ω≈ç√∫',
  'ab\\cd',
  '"quoted"',
];

const unicodePieces: readonly string[] = [
  'é',
  'ß',
  'Ж',
  'λ',
  '漢字',
  'かな',
  '한국어',
  'עברית',
  'العربية',
  '\u202e',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u2028',
  '\u0301',
  '😀',
  '👩‍👩‍👧',
  '🏳️‍🌈',
  '\ud83d',
  '\udc00',
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\ufffd',
  '\uffff',
  '𝕏',
  ' ',
  '\n',
  '\t',
  '\\',
  '"',
  "'",
  '%',
  '%25',
  '&',
  '?',
  '#',
  '/',
  '+',
  '*',
  '_',
  ':',
  '<',
  '>',
  '{',
  '}',
  '$',
  'a',
  'love',
  'the',
];

const extremeNumbers: readonly number[] = [
  0, -1, -100, 1, 51, 101, 1000, 2147483647, -2147483648, 2147483648, -2147483649, 9007199254740992, 1e21, -1e21, 0.5,
  -0.5, 1e308, -1e308, 5e-324,
];

const unknownNames: readonly string[] = [
  'nope',
  'password',
  'accessToken',
  'refreshToken',
  'secret',
  'token',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__proto__',
  '__typenam',
  'Id',
  'ID',
  'node',
  'edges',
  'x'.repeat(200),
];

/** The kind of object an id argument names, from the field and the argument's name. */
function idKind(field: string, name: string): IdKind | null {
  const byField: Record<string, IdKind> = {
    track: 'track',
    tracks: 'track',
    album: 'album',
    albums: 'album',
    artist: 'artist',
    artists: 'artist',
    playlist: 'playlist',
    show: 'show',
    episode: 'episode',
    user: 'user',
    category: 'category',
  };
  const byName: Record<string, IdKind> = {
    playlistId: 'playlist',
    artistIds: 'artist',
    seedArtists: 'artist',
    seedTracks: 'track',
    deviceId: 'device',
  };
  return byName[name] ?? byField[field] ?? null;
}

/** The kinds of object a URI argument names, from the field (or input type) and the argument's name. */
function uriKinds(field: string, name: string): readonly IdKind[] {
  if (name === 'contextUri') return ['album', 'artist', 'playlist', 'show'];
  if (name === 'offsetUri' || name === 'uri') return ['track', 'episode'];
  if (/Library|libraryContains/.test(field)) return ['track', 'album', 'show', 'episode'];
  return ['track', 'episode'];
}

/** Small positive values for the player's and playlists' numbers; page sizes follow their documented bounds. */
const intRanges: Record<string, [number, number]> = {
  volumePercent: [0, 100],
  positionMs: [0, 200_000],
  offsetPosition: [0, 5],
  position: [0, 5],
  rangeStart: [0, 5],
  insertBefore: [0, 6],
  rangeLength: [1, 3],
  limit: [1, 10],
  min: [0, 100],
  max: [0, 100],
  target: [0, 100],
};

const operationNames: readonly string[] = ['Screen', 'Fuzz', 'Q', 'Mutate', 'Op_1'];

export interface GeneratorOptions {
  /** How deep valid selections go below the root field (default 4; the depth limit is 12). */
  maxDepth?: number;
  /** The name of the api's session cookie, which forged credentials imitate (default `sid`). */
  sessionCookie?: string;
}

/** Generates operations from `schema` with ids from `pool`, all from `seed`. */
export class OperationGenerator {
  private readonly random: Random;
  private readonly query: GraphQLObjectType;
  private readonly mutationType: GraphQLObjectType | null;
  private readonly bounds: ReturnType<typeof schemaPageBounds>['bounds'];
  private readonly maxDepth: number;
  private readonly sessionCookie: string;
  private index = 0;
  private counter = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly pool: FuzzPool,
    seed: number,
    options: GeneratorOptions = {},
  ) {
    this.random = new Random(String(seed));
    const query = schema.getQueryType();
    if (!query) throw new Error('the schema has no Query type');
    this.query = query;
    this.mutationType = schema.getMutationType() ?? null;
    this.bounds = schemaPageBounds(schema).bounds;
    this.maxDepth = options.maxDepth ?? 4;
    this.sessionCookie = options.sessionCookie ?? 'sid';
  }

  /** The next `count` operations. */
  take(count: number): FuzzOperation[] {
    return Array.from({ length: count }, () => this.next());
  }

  next(): FuzzOperation {
    const kind = this.pickKind();
    const index = this.index;
    this.index += 1;
    const built = this.build(kind);
    return { index, kind, mutation: built.mutation, request: built.request };
  }

  private pickKind(): FuzzKind {
    const total = fuzzKinds.reduce((sum, kind) => sum + kindWeights[kind], 0);
    let roll = this.random.next() * total;
    for (const kind of fuzzKinds) {
      roll -= kindWeights[kind];
      if (roll < 0) return kind;
    }
    return 'valid';
  }

  private build(kind: FuzzKind): { mutation: boolean; request: FuzzRequest } {
    const r = this.random;
    switch (kind) {
      case 'valid':
        return this.send(this.draft(r.chance(0.25) ? 'mutation' : 'query'));
      case 'wrongType':
        return this.send(
          this.withSlots((slots) => {
            this.wrongType(r.pick(slots));
          }, this.anyOperation()),
        );
      case 'missingRequired':
        return this.send(this.missingRequired(this.draft(this.anyOperation())));
      case 'unknownField':
        return this.send(this.unknownField(this.draft(this.anyOperation())));
      case 'extremeNumber':
        return this.send(
          this.withSlots(
            (slots) => {
              r.pick(slots).set(r.pick(extremeNumbers));
            },
            this.anyOperation(),
            (slot) => ['Int', 'Float'].includes(namedInputType(slot.type)),
          ),
        );
      case 'malformedId':
        return this.send(
          this.withSlots(
            (slots) => {
              const slot = r.pick(slots);
              slot.set(this.malformedIdValue(slot));
            },
            this.anyOperation(),
            (slot) => isIdLike(slot),
          ),
        );
      case 'deepNesting':
        return this.deepNesting();
      case 'aliases':
        return this.send(this.aliases(this.draft(r.chance(0.15) ? 'mutation' : 'query')));
      case 'fragments':
        return this.send(this.fragments(this.draft('query')));
      case 'wrongVariable':
        return this.send(this.wrongVariable(this.draft(this.anyOperation(), { variables: true })));
      case 'randomString':
        return this.send(
          this.withSlots(
            (slots) => {
              r.pick(slots).set(this.randomString());
            },
            this.anyOperation(),
            (slot) => ['String', 'ID'].includes(namedInputType(slot.type)),
          ),
        );
      case 'badMutationInput':
        return this.send(this.badMutationInput());
      case 'syntax':
        return this.syntax();
      case 'envelope':
        return this.envelope();
      case 'badCredentials':
        return this.badCredentials();
    }
  }

  private anyOperation(): 'query' | 'mutation' {
    return this.random.chance(0.35) ? 'mutation' : 'query';
  }

  // ---- valid drafts ----

  /** A valid operation: one or two root fields with their arguments, selections, maybe variables and fragments. */
  private draft(operation: 'query' | 'mutation', options: { variables?: boolean; root?: string } = {}): Draft {
    const r = this.random;
    const rootType = operation === 'mutation' && this.mutationType ? this.mutationType : this.query;
    const draft: Draft = {
      operation: rootType === this.query ? 'query' : 'mutation',
      root: [],
      variableDefinitions: [],
      variables: {},
      fragments: [],
    };
    if (r.chance(0.5)) draft.name = r.pick(operationNames);
    const fields = Object.values(rootType.getFields());
    const chosen = options.root ? rootType.getFields()[options.root] : undefined;
    const first = chosen ?? r.pick(fields);
    draft.root.push(this.field(first, 0));
    if (!chosen && r.chance(0.15)) {
      const second = r.pick(fields);
      const field = this.field(second, 0);
      if (second.name === first.name) field.alias = `second`;
      draft.root.push(field);
    }
    if (draft.operation === 'query' && r.chance(0.05)) draft.root.push(this.introspection());
    if (r.chance(0.1)) draft.root.push({ kind: 'field', name: '__typename', args: [], selections: null });
    if (options.variables ?? r.chance(0.35)) this.useVariables(draft);
    if (r.chance(0.2)) this.useFragment(draft);
    if (r.chance(0.15)) {
      const top = draft.root[0];
      if (top?.kind === 'field') top.alias = r.pick(['a', 'result', 'first', 'x1']);
    }
    return draft;
  }

  private introspection(): Field {
    const r = this.random;
    if (r.chance(0.5)) {
      return {
        kind: 'field',
        name: '__type',
        args: [{ name: 'name', type: null, value: r.pick(['Track', 'Query', 'Nope', '']) }],
        selections: [
          { kind: 'field', name: 'name', args: [], selections: null },
          {
            kind: 'field',
            name: 'fields',
            args: [],
            selections: [{ kind: 'field', name: 'name', args: [], selections: null }],
          },
        ],
      };
    }
    return {
      kind: 'field',
      name: '__schema',
      args: [],
      selections: [
        {
          kind: 'field',
          name: 'types',
          args: [],
          selections: [{ kind: 'field', name: 'name', args: [], selections: null }],
        },
      ],
    };
  }

  /** A field of the schema with its required arguments (optional ones sometimes) and a selection below it. */
  private field(definition: GraphQLField<unknown, unknown>, depth: number, parent = ''): Field {
    const r = this.random;
    const args: Argument[] = [];
    for (const arg of definition.args) {
      if (isNonNullType(arg.type) || r.chance(depth === 0 ? 0.5 : 0.3)) {
        args.push({
          name: arg.name,
          type: arg.type,
          value: this.value(arg.type, definition.name, arg.name, `${parent}.${definition.name}`, depth),
        });
      }
    }
    return {
      kind: 'field',
      name: definition.name,
      args,
      selections: this.selectionsFor(definition.type, depth + 1),
    };
  }

  private selectionsFor(type: GraphQLOutputType, depth: number): Selection[] | null {
    const named = getNamedType(type);
    if (isLeafType(named)) return null;
    const r = this.random;
    if (isObjectType(named)) return this.objectSelections(named, depth);
    // A union or an interface: each possible type in its own inline fragment.
    const possible = this.schema.getPossibleTypes(named);
    const selections: Selection[] = [{ kind: 'field', name: '__typename', args: [], selections: null }];
    for (const object of sample(r, possible, r.int(1, possible.length))) {
      selections.push({ kind: 'inline', typeCondition: object.name, selections: this.objectSelections(object, depth) });
    }
    return selections;
  }

  private objectSelections(type: GraphQLObjectType, depth: number): Selection[] {
    const r = this.random;
    const fields = Object.values(type.getFields());
    const leaves = fields.filter((field) => isLeafType(getNamedType(field.type)));
    const objects = fields.filter((field) => !isLeafType(getNamedType(field.type)));
    const selections: Selection[] = sample(r, leaves, r.int(1, 3)).map((field) => ({
      kind: 'field',
      name: field.name,
      args: this.leafArgs(field),
      selections: null,
    }));
    const room = depth < this.maxDepth;
    const objectCount = room ? r.int(selections.length === 0 ? 1 : 0, 2) : selections.length === 0 ? 1 : 0;
    for (const object of sample(r, objects, objectCount)) {
      // Past the depth wanted, an object field gets only its typename when it has no leaves to pick.
      if (!room) {
        selections.push({
          kind: 'field',
          name: object.name,
          args: this.requiredArgs(object, type.name),
          selections: [{ kind: 'field', name: '__typename', args: [], selections: null }],
        });
      } else {
        selections.push(this.field(object, depth, type.name));
      }
    }
    if (selections.length === 0 || r.chance(0.1)) {
      selections.push({ kind: 'field', name: '__typename', args: [], selections: null });
    }
    return selections;
  }

  private leafArgs(field: GraphQLField<unknown, unknown>): Argument[] {
    return field.args.length > 0 ? this.requiredArgs(field, '') : [];
  }

  private requiredArgs(field: GraphQLField<unknown, unknown>, parent: string): Argument[] {
    return field.args
      .filter((arg) => isNonNullType(arg.type))
      .map((arg) => ({
        name: arg.name,
        type: arg.type,
        value: this.value(arg.type, field.name, arg.name, `${parent}.${field.name}`, 1),
      }));
  }

  /** A valid value for an argument or input field of `type`. */
  private value(type: GraphQLInputType, field: string, name: string, path: string, depth: number): unknown {
    const r = this.random;
    if (isNonNullType(type)) return this.value(type.ofType, field, name, path, depth);
    if (isListType(type)) {
      const count = name === 'groups' ? r.int(0, 2) : r.int(1, 3);
      return Array.from({ length: count }, () => this.value(type.ofType, field, name, path, depth));
    }
    if (isInputObjectType(type)) {
      const value: Record<string, unknown> = {};
      for (const inner of Object.values(type.getFields())) {
        if (isNonNullType(inner.type) || r.chance(0.4)) {
          value[inner.name] = this.value(inner.type, type.name, inner.name, path, depth);
        }
      }
      return value;
    }
    if (isEnumType(type)) return new EnumValue(r.pick(type.getValues()).name);
    switch (type.name) {
      case 'ID':
        return this.id(idKind(field, name));
      case 'String':
        return this.string(field, name);
      case 'Int':
        return this.int(path, name, depth);
      case 'Float':
        return name === 'target' || name === 'min' || name === 'max' ? Math.round(r.next() * 100) / 100 : r.next();
      case 'Boolean':
        return r.chance(0.5);
      default:
        return 'x';
    }
  }

  private id(kind: IdKind | null): string {
    const r = this.random;
    const ids = kind ? this.pool.ids[kind] : undefined;
    if (ids && ids.length > 0 && r.chance(0.9)) return r.pick(ids);
    const all = Object.values(this.pool.ids).flat();
    return all.length > 0 && r.chance(0.5) ? r.pick(all) : `missing${r.int(0, 999)}`;
  }

  private uri(kinds: readonly IdKind[]): string {
    const kind = this.random.pick(kinds);
    return `spotify:${kind}:${this.id(kind)}`;
  }

  private string(field: string, name: string): string {
    const r = this.random;
    if (/^(uris?|contextUri|offsetUri)$/.test(name)) return this.uri(uriKinds(field, name));
    if (name === 'after') return encodeCursor(r.int(0, 30));
    if (name === 'query') return r.pick(['a', 'love', 'the night', 'e', 'Ω', 'track', 'zzzz', 'rock']);
    if (name === 'seedGenres') return r.pick(this.pool.genres ?? ['rock']);
    if (name === 'name') return r.pick(['Fuzz list', 'Morning', 'Ünïcödé ✓', 'x']);
    if (name === 'description') return r.pick(['', 'For running', 'A list with <b>tags</b> & marks']);
    if (name === 'type') return r.pick(['Computer', 'Smartphone', 'Speaker']);
    if (name === 'snapshotId') return r.pick(['MQ', 'abc', 'snapshot']);
    return `value${r.int(0, 99)}`;
  }

  private int(path: string, name: string, depth: number): number {
    const r = this.random;
    const [parent = '', field = ''] = path.split('.').slice(-2);
    const bounds = this.bounds.get(`${parent}.${field}`)?.get(name);
    if (bounds) {
      // Small pages keep the operation cheap; the root field sometimes asks for the most.
      if (depth === 0 && r.chance(0.15)) return bounds.max;
      return r.int(bounds.min, Math.min(bounds.max, depth === 0 ? 5 : 2));
    }
    if (name === 'first') return r.int(1, 3);
    const [min, max] = intRanges[name] ?? [0, 10];
    return r.int(min, max);
  }

  /** Makes every argument of the root fields a variable. */
  private useVariables(draft: Draft): void {
    for (const selection of draft.root) {
      if (selection.kind !== 'field') continue;
      for (const arg of selection.args) {
        if (!arg.type) continue;
        const name = `${arg.name}${this.counter++}`;
        draft.variableDefinitions.push({ name, type: String(arg.type) });
        draft.variables[name] = arg.value;
        arg.value = new VariableRef(name);
      }
    }
  }

  /** Moves the first root field's selections into a named fragment. */
  private useFragment(draft: Draft): void {
    const top = draft.root[0];
    if (top?.kind !== 'field' || !top.selections) return;
    const rootType = draft.operation === 'mutation' ? this.mutationType : this.query;
    const type = rootType?.getFields()[top.name]?.type;
    if (!type) return;
    const named = getNamedType(type);
    if (!isObjectType(named)) return;
    const name = `Part${this.counter++}`;
    draft.fragments.push({ name, on: named.name, selections: top.selections });
    top.selections = [{ kind: 'spread', name }];
  }

  // ---- slots: every place a value sits ----

  private slots(draft: Draft): Slot[] {
    const found: Slot[] = [];
    selectionSlots(found, draft, draft.root);
    for (const fragment of draft.fragments) selectionSlots(found, draft, fragment.selections);
    return found;
  }

  /** A draft with at least one slot that `filter` accepts, changed by `change`; a few tries, then any slot. */
  private withSlots(
    change: (slots: Slot[]) => void,
    operation: 'query' | 'mutation',
    filter: (slot: Slot) => boolean = () => true,
  ): Draft {
    let draft = this.draft(operation);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const slots = this.slots(draft).filter(filter);
      if (slots.length > 0) {
        change(slots);
        return draft;
      }
      draft = this.draft(attempt % 2 === 0 ? 'mutation' : 'query');
    }
    const slots = this.slots(draft);
    if (slots.length > 0) change(slots);
    return draft;
  }

  // ---- mutations ----

  /** A value of another kind than the slot takes. */
  private wrongType(slot: Slot): void {
    const r = this.random;
    const expected = namedInputType(slot.type);
    const list = slot.type !== null && isListType(isNonNullType(slot.type) ? slot.type.ofType : slot.type);
    const candidates: unknown[] = [
      42,
      -7,
      3.25,
      true,
      false,
      null,
      'text',
      '12',
      '',
      [],
      [1, 'a', null],
      [[['nested']]],
      {},
      { id: 'x' },
      new EnumValue('TRACK'),
      new EnumValue('NOT_A_VALUE'),
    ];
    const wrong = candidates.filter((value) => {
      if (list) return !Array.isArray(value);
      if (expected === 'String' || expected === 'ID') return typeof value !== 'string';
      if (expected === 'Int' || expected === 'Float') return typeof value !== 'number';
      if (expected === 'Boolean') return typeof value !== 'boolean';
      return true;
    });
    slot.set(r.pick(wrong));
  }

  private missingRequired(draft: Draft): Draft {
    const r = this.random;
    const required = this.slots(draft).filter((slot) => !slot.item && slot.type !== null && isNonNullType(slot.type));
    if (required.length > 0 && r.chance(0.8)) {
      r.pick(required).remove();
      return draft;
    }
    // Nothing required: a field with a required argument, without it, or an object without a selection.
    if (r.chance(0.5)) {
      draft.root.push({
        kind: 'field',
        name: r.pick(['track', 'album', 'playlist', 'search', 'episode']),
        args: [],
        selections: [{ kind: 'field', name: '__typename', args: [], selections: null }],
      });
    } else {
      const top = draft.root.find((selection): selection is Field => selection.kind === 'field');
      if (top) top.selections = top.selections ? null : [{ kind: 'field', name: 'id', args: [], selections: null }];
    }
    return draft;
  }

  private unknownField(draft: Draft): Draft {
    const r = this.random;
    const sets = selectionSets(draft);
    const where = r.pick(sets);
    const fields = where.filter((selection): selection is Field => selection.kind === 'field');
    switch (r.int(0, 4)) {
      case 0:
        where.push({ kind: 'field', name: r.pick(unknownNames), args: [], selections: null });
        break;
      case 1: {
        const field = fields.length > 0 ? r.pick(fields) : undefined;
        field?.args.push({ name: r.pick(unknownNames), type: null, value: r.pick([1, 'x', true, null]) });
        if (!field) where.push({ kind: 'field', name: 'nope', args: [], selections: null });
        break;
      }
      case 2:
        where.push({
          kind: 'inline',
          typeCondition: r.pick(['Nope', 'String', 'Boolean', 'Subscription']),
          selections: [{ kind: 'field', name: '__typename', args: [], selections: null }],
        });
        break;
      case 3: {
        const objects = this.slots(draft).filter(
          (slot) => isPlainObject(slot.get()) && slot.type !== null && isInputObjectType(getNamedType(slot.type)),
        );
        if (objects.length > 0) {
          const object = r.pick(objects).get() as Record<string, unknown>;
          // Defined, not assigned: `__proto__` is among the names, and must become a key like the others.
          Object.defineProperty(object, r.pick(unknownNames), {
            value: r.pick([1, 'x', { nested: true }]),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        } else {
          where.push({ kind: 'field', name: r.pick(unknownNames), args: [], selections: null });
        }
        break;
      }
      default: {
        const field = fields.length > 0 ? r.pick(fields) : undefined;
        if (field) {
          field.directives = [
            r.pick([
              { name: 'nope' },
              { name: 'deprecated' },
              { name: 'skip' },
              { name: 'include', if: 'yes' },
              { name: 'skip', if: 1 },
            ]),
          ];
        } else where.push({ kind: 'field', name: 'nope', args: [], selections: null });
      }
    }
    return draft;
  }

  private malformedIdValue(slot: Slot): unknown {
    const r = this.random;
    const type = slot.type && isNonNullType(slot.type) ? slot.type.ofType : slot.type;
    if (type && isListType(type)) {
      const ids = Object.values(this.pool.ids).flat();
      switch (r.int(0, 3)) {
        case 0:
          return [];
        case 1:
          // More than any multi-get or list argument takes.
          return Array.from({ length: r.int(51, 130) }, () => (ids.length > 0 ? r.pick(ids) : 'x'));
        case 2:
          return Array.from({ length: 40 }, () => r.pick(ids.length > 0 ? ids : ['x']).slice(0, 1));
        default:
          return sample(r, malformedIds, r.int(1, 6));
      }
    }
    const real = this.id(idKind(slot.field, slot.name));
    const malformed = r.pick(malformedIds);
    switch (r.int(0, 5)) {
      case 0:
        return `${real}${malformed}`;
      case 1:
        return `spotify:${r.pick(['track', 'album', 'artist', 'playlist', 'show', 'episode', 'user'])}:${malformed}`;
      case 2:
        return real.toUpperCase();
      default:
        return malformed;
    }
  }

  /** A string of unusual characters, sometimes very long. */
  private randomString(): string {
    const r = this.random;
    const roll = r.next();
    if (roll < 0.1) return r.pick(['a', 'x', '😀', 'é']).repeat(r.int(5_000, 40_000));
    if (roll < 0.2) return '%'.repeat(r.int(100, 3_000));
    if (roll < 0.25) return r.pick(malformedIds);
    const length = r.int(1, roll < 0.5 ? 12 : 200);
    let text = '';
    for (let i = 0; i < length; i += 1) {
      text += r.chance(0.5) ? r.pick(unicodePieces) : String.fromCodePoint(r.int(0, 0x2ffff));
    }
    return text;
  }

  private aliases(draft: Draft): Draft {
    const r = this.random;
    const top = draft.root.find((selection): selection is Field => selection.kind === 'field');
    if (!top) return draft;
    switch (r.int(0, 3)) {
      case 0: {
        // The same root field many times under aliases (past the aliases limit sometimes).
        const count = r.int(2, 45);
        for (let i = 0; i < count; i += 1) draft.root.push({ ...cloneField(top), alias: `a${i}` });
        break;
      }
      case 1: {
        // One alias for two different fields, or the same field with different arguments: a conflict.
        const other = cloneField(top);
        other.alias = top.alias ?? top.name;
        if (other.args[0]) other.args[0] = { ...other.args[0], value: r.pick(['other', 7, true]) };
        else other.name = top.name === 'me' ? 'player' : 'me';
        draft.root.push(other);
        break;
      }
      case 2: {
        // Leaves aliased many times inside the selection.
        const sets = selectionSets(draft);
        const where = r.pick(sets);
        const leaf = where.find((selection): selection is Field => selection.kind === 'field' && !selection.selections);
        const count = r.int(5, 40);
        for (let i = 0; i < count; i += 1) {
          where.push({ kind: 'field', name: leaf?.name ?? '__typename', alias: `l${i}`, args: [], selections: null });
        }
        break;
      }
      default:
        // Aliases that look like other things.
        top.alias = r.pick(['__typename', '__schema', 'data', 'errors', 'constructor', '__proto__', 'id']);
    }
    return draft;
  }

  private fragments(draft: Draft): Draft {
    const r = this.random;
    const sets = selectionSets(draft);
    const where = r.pick(sets);
    const name = `F${this.counter++}`;
    switch (r.int(0, 5)) {
      case 0: {
        // Two fragments that spread each other.
        draft.fragments.push(
          { name, on: 'Track', selections: [{ kind: 'spread', name: `${name}b` }] },
          { name: `${name}b`, on: 'Track', selections: [{ kind: 'spread', name }] },
        );
        where.push({ kind: 'spread', name });
        break;
      }
      case 1:
        where.push({ kind: 'spread', name: 'Missing' });
        break;
      case 2:
        // A fragment on a type that cannot be there, or is not a type at all.
        draft.fragments.push({
          name,
          on: r.pick(['Episode', 'Device', 'Nope', 'String', 'Mutation']),
          selections: [{ kind: 'field', name: '__typename', args: [], selections: null }],
        });
        where.push({ kind: 'spread', name });
        break;
      case 3:
        // Defined and never used.
        draft.fragments.push({
          name,
          on: 'Query',
          selections: [{ kind: 'field', name: '__typename', args: [], selections: null }],
        });
        break;
      case 4:
        this.fragmentFan(draft, name);
        break;
      default:
        // Inline fragments with no type, and nested inline fragments.
        where.push({
          kind: 'inline',
          typeCondition: null,
          selections: [
            {
              kind: 'inline',
              typeCondition: null,
              selections: [{ kind: 'field', name: '__typename', args: [], selections: null }],
            },
          ],
        });
    }
    return draft;
  }

  /** A fan of fragments: each spreads the next twice, so a naive walk visits 2^levels fields. */
  private fragmentFan(draft: Draft, name: string): void {
    const r = this.random;
    const levels = r.int(4, 30);
    for (let level = 0; level < levels; level += 1) {
      draft.fragments.push({
        name: `${name}_${level}`,
        on: 'Query',
        selections: [
          { kind: 'spread', name: `${name}_${level + 1}` },
          { kind: 'spread', name: `${name}_${level + 1}` },
        ],
      });
    }
    draft.fragments.push({
      name: `${name}_${levels}`,
      on: 'Query',
      selections: [
        {
          kind: 'field',
          name: 'upstream',
          alias: 'u',
          args: [],
          selections: [{ kind: 'field', name: 'name', args: [], selections: null }],
        },
      ],
    });
    draft.root.push({ kind: 'spread', name: `${name}_0` });
    draft.operation = 'query';
  }

  private wrongVariable(draft: Draft): Draft {
    const r = this.random;
    if (draft.variableDefinitions.length === 0) {
      draft.variableDefinitions.push({ name: 'unused', type: r.pick(['Int!', 'String', '[ID!]!', 'Nope']) });
      if (r.chance(0.5)) draft.variables.unused = r.pick([1, 'x', null, [1]]);
      return draft;
    }
    const definition = r.pick(draft.variableDefinitions);
    switch (r.int(0, 5)) {
      case 0: {
        // A JSON value of the wrong kind.
        draft.variables[definition.name] = r.pick([
          'text',
          12,
          1.5,
          true,
          null,
          [],
          [null],
          {},
          { id: 'x' },
          [[1]],
          1e300,
        ]);
        break;
      }
      case 1:
        // oxlint-disable-next-line typescript/no-dynamic-delete -- a variable of this draft
        delete draft.variables[definition.name];
        break;
      case 2:
        // Declared with another type than the argument takes.
        definition.type = r.pick(['Int', 'String!', 'Boolean', '[Int]', 'ID', 'SearchType!', 'Nope', 'Track']);
        break;
      case 3:
        // Deeply nested JSON.
        draft.variables[definition.name] = nest(r.int(50, 1_000), r.chance(0.5));
        break;
      case 4:
        // Object keys that mean something to JavaScript.
        draft.variables[definition.name] = JSON.parse(
          '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}, "toString": 1}',
        ) as unknown;
        break;
      default:
        // Extra variables nobody declared, and a declared one used twice with a default.
        draft.variables[`extra${this.counter++}`] = 'ignored';
        definition.type = definition.type.endsWith('!') ? definition.type : `${definition.type} = null`;
    }
    return draft;
  }

  /** A mutation with input that is wrong for what it asks, beyond what the types say. */
  private badMutationInput(): Draft {
    const r = this.random;
    const draft = this.draft('mutation');
    const slots = this.slots(draft);
    if (slots.length === 0) return draft;
    const slot = r.pick(slots);
    const expected = namedInputType(slot.type);
    const list = slot.type !== null && isListType(isNonNullType(slot.type) ? slot.type.ofType : slot.type);
    if (list) {
      const uris = Object.entries(this.pool.ids).flatMap(([kind, ids]) => ids.map((id) => `spotify:${kind}:${id}`));
      slot.set(
        r.pick([
          [],
          Array.from({ length: r.int(51, 150) }, () => (uris.length > 0 ? r.pick(uris) : 'x')),
          Array.from({ length: 5 }, () => (uris.length > 0 ? uris[0] : 'x')),
          sample(r, uris, 8),
          ['spotify:user:demo', 'spotify:playlist:x', 'spotify:local:a:b:c:1'],
        ]),
      );
    } else if (expected === 'Int' || expected === 'Float') {
      slot.set(r.pick(extremeNumbers));
    } else if (expected === 'String' || expected === 'ID') {
      slot.set(r.chance(0.5) ? this.malformedIdValue(slot) : this.randomString());
    } else if (r.chance(0.5)) {
      slot.remove();
    } else {
      this.wrongType(slot);
    }
    return draft;
  }

  private deepNesting(): { mutation: boolean; request: FuzzRequest } {
    const r = this.random;
    switch (r.int(0, 5)) {
      case 0: {
        // A real chain of fields, around the depth limit.
        const depth = r.int(6, 18);
        const track = this.id('track');
        let body = '{ __typename }';
        const chain = ['album', 'artists', 'albums(first: 1)', 'nodes', 'tracks(first: 1)', 'nodes'];
        for (let level = depth; level > 0; level -= 1) {
          body = `{ id ${chain[level % chain.length] ?? 'album'} ${body} }`;
        }
        return this.raw(`{ track(id: ${JSON.stringify(track)}) ${body} }`);
      }
      case 1: {
        // Nested lists in an argument.
        const levels = r.int(20, 3_000);
        return this.raw(`{ tracks(ids: ${'['.repeat(levels)}"x"${']'.repeat(levels)}) { id } }`);
      }
      case 2: {
        // Nested selections on a name the schema does not have.
        const levels = r.int(20, 2_400);
        return this.raw(`{ ${'a { '.repeat(levels)}b${' }'.repeat(levels)} }`);
      }
      case 3: {
        // Nested inline fragments.
        const levels = r.int(10, 1_200);
        return this.raw(`{ me { ${'... on Me { '.repeat(levels)}id${' }'.repeat(levels)} } }`);
      }
      case 4: {
        // Lists in a variable nested as deep as the body limit allows (written by hand: too deep to stringify).
        const levels = r.int(1_000, 45_000);
        const value = `${'['.repeat(levels)}${JSON.stringify(r.pick(['x', '\ud800', 1]))}${']'.repeat(levels)}`;
        const query = JSON.stringify(
          r.pick(['query($v: [ID!]!) { tracks(ids: $v) { id } }', 'query($v: String) { __typename }']),
        );
        return { mutation: false, request: { method: 'POST', body: `{"query":${query},"variables":{"v":${value}}}` } };
      }
      default: {
        // Nested input objects in a variable.
        const draft = this.draft('query', { variables: true, root: 'recommendations' });
        const [first] = draft.variableDefinitions;
        if (first) draft.variables[first.name] = nest(r.int(100, 1_000), false);
        return this.send(draft);
      }
    }
  }

  private syntax(): { mutation: boolean; request: FuzzRequest } {
    const r = this.random;
    const draft = this.draft(this.anyOperation());
    const text = print(toDocument(draft));
    const at = r.int(0, Math.max(0, text.length - 1));
    const junk = r.pick([
      '{',
      '}',
      '(',
      ')',
      '[',
      ']',
      ':',
      '$',
      '@',
      '!',
      '...',
      '"',
      '"""',
      '\\',
      '#',
      ',',
      '=',
      '|',
    ]);
    const broken = r.pick([
      () => text.slice(0, at),
      () => `${text.slice(0, at)}${junk}${text.slice(at)}`,
      () => `${text.slice(0, at)}${text.slice(at + r.int(1, 6))}`,
      () => `${text}}`,
      () => '{'.repeat(r.int(1, 4000)),
      () => '',
      () => '# nothing but a comment',
      () => `{ track(id: "${'\\u'.repeat(r.int(1, 50))}") { id } }`,
      () => `{ track(id: """never closed) { id } }`,
      () => `{ track(id: ${'9'.repeat(r.int(20, 2000))}) { id } }`,
      () => `\ufeff${text}`,
      () => `${text} ${text}`,
      () => `query ${'x'.repeat(r.int(1000, 60_000))} { __typename }`,
      () => `{ ${'__typename '.repeat(r.int(100, 6000))}}`,
      () => text.replace(/[{}]/g, ''),
      () => `subscription { __typename }`,
      () => `{ __typename } fragment on on on { id }`,
    ])();
    return {
      mutation: draft.operation === 'mutation',
      request: jsonPost({ query: broken, variables: draft.variables }),
    };
  }

  /** A valid operation with forged or malformed credentials (bytes up to U+00FF only: what HTTP headers carry). */
  private badCredentials(): { mutation: boolean; request: FuzzRequest } {
    const r = this.random;
    const sent = this.send(this.draft(this.anyOperation()));
    const junk = r.pick(['', 'x', 'null', '..%2F', '\u00e9\u00ff', 'a b', 'x'.repeat(r.int(100, 6000)), '%E0%A4%A']);
    const cookie = this.sessionCookie;
    const headers = r.pick<FuzzRequest['headers']>([
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' },
      { authorization: `Bearer ${junk}` },
      { authorization: `bearer ${junk}` },
      { authorization: `Bearer\t${junk}` },
      { authorization: `Bearer a ${junk}` },
      { authorization: 'Basic Zm9vOmJhcg==' },
      { authorization: junk },
      { cookie: `${cookie}=${junk}` },
      { cookie: `${cookie}=s%3A${junk}.${junk}` },
      { cookie: `${cookie}=s:abc.def; ${cookie}=s:ghi.jkl` },
      { cookie },
      { cookie: `=${junk}; ${cookie}==` },
      { cookie: `${cookie}=${junk}`, authorization: `Bearer ${junk}` },
    ]);
    return { mutation: sent.mutation, request: { ...sent.request, headers } };
  }

  /** Request bodies that are not a plain operation. */
  private envelope(): { mutation: boolean; request: FuzzRequest } {
    const r = this.random;
    const draft = this.draft('query');
    const query = print(toDocument(draft));
    const mutation = print(toDocument(this.draft('mutation')));
    const variants: (() => FuzzRequest)[] = [
      () => jsonPost({ query: 123 }),
      () => jsonPost({ query: null }),
      () => jsonPost({}),
      () => jsonPost([]),
      () => jsonPost([{ query }, { query }]),
      () => jsonPost({ query, variables: 'not an object' }),
      () => jsonPost({ query, variables: [1, 2] }),
      () => jsonPost({ query, variables: null }),
      () => jsonPost({ query, operationName: 5 }),
      () => jsonPost({ query, operationName: 'NotThere' }),
      () => jsonPost({ query: `${query}\nquery Other { __typename }` }),
      () => jsonPost({ query, extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } }),
      () => jsonPost({ extensions: { persistedQuery: { version: 1, sha256Hash: '0'.repeat(64) } } }),
      () => jsonPost({ query, extensions: 'x' }),
      () => ({ method: 'POST', body: '{"query": "{ __typename }"', contentType: 'application/json' }),
      () => ({ method: 'POST', body: 'null', contentType: 'application/json' }),
      () => ({ method: 'POST', body: '"{ __typename }"', contentType: 'application/json' }),
      () => ({ method: 'POST', body: '', contentType: 'application/json' }),
      () => ({ method: 'POST', body: query, contentType: 'text/plain' }),
      () => ({ method: 'POST', body: query, contentType: 'application/graphql' }),
      () => ({
        method: 'POST',
        body: `query=${encodeURIComponent(query)}`,
        contentType: 'application/x-www-form-urlencoded',
      }),
      () => ({ method: 'POST', body: JSON.stringify({ query }), contentType: 'application/json; charset=latin1' }),
      () => ({ method: 'POST', body: JSON.stringify({ query: 'x'.repeat(110_000) }) }),
      () => ({ method: 'GET', search: `query=${encodeURIComponent(query)}`, preflight: r.chance(0.7) }),
      () => ({ method: 'GET', search: `query=${encodeURIComponent(mutation)}`, preflight: true }),
      () => ({ method: 'GET', search: `query=${encodeURIComponent(query)}&variables=%7Bbroken`, preflight: true }),
      () => ({ method: 'GET', search: `query=${encodeURIComponent(query)}&extensions=%5B1%5D`, preflight: true }),
      () => ({ method: 'GET', search: 'query=a&query=b', preflight: true }),
      () => ({ method: 'GET', search: '', preflight: true }),
    ];
    return { mutation: false, request: r.pick(variants)() };
  }

  // ---- printing ----

  private send(draft: Draft): { mutation: boolean; request: FuzzRequest } {
    const query = print(toDocument(draft));
    const hasVariables = draft.variableDefinitions.length > 0 || Object.keys(draft.variables).length > 0;
    const body: Record<string, unknown> = { query };
    if (hasVariables) body.variables = draft.variables;
    if (draft.name && this.random.chance(0.5)) body.operationName = draft.name;
    return { mutation: draft.operation === 'mutation', request: jsonPost(body) };
  }

  private raw(query: string): { mutation: boolean; request: FuzzRequest } {
    return { mutation: false, request: jsonPost({ query }) };
  }
}

/** Up to `count` distinct items of `items`, in random order. */
function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

function jsonPost(body: unknown): FuzzRequest {
  return { method: 'POST', body: JSON.stringify(body), contentType: 'application/json' };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof EnumValue);
}

function namedInputType(type: GraphQLInputType | null): string {
  return type ? getNamedType(type).name : '';
}

function isIdLike(slot: Slot): boolean {
  const type = namedInputType(slot.type);
  return (
    type === 'ID' || (type === 'String' && /^(uris?|contextUri|offsetUri|after|snapshotId|query)$/.test(slot.name))
  );
}

/** Arrays (or objects) nested `levels` deep around one string. */
function nest(levels: number, objects: boolean): unknown {
  let value: unknown = 'x';
  for (let level = 0; level < levels; level += 1) value = objects ? { seedArtists: value } : [value];
  return value;
}

function cloneField(field: Field): Field {
  const cloneValue = (value: unknown): unknown => {
    if (value instanceof EnumValue || value instanceof VariableRef) return value;
    if (Array.isArray(value)) return value.map(cloneValue);
    if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneValue(v)]));
    return value;
  };
  const cloneSelection = (selection: Selection): Selection =>
    selection.kind === 'field'
      ? cloneField(selection)
      : selection.kind === 'inline'
        ? { ...selection, selections: selection.selections.map(cloneSelection) }
        : { ...selection };
  return {
    ...field,
    args: field.args.map((arg) => ({ ...arg, value: cloneValue(arg.value) })),
    selections: field.selections ? field.selections.map(cloneSelection) : null,
    directives: field.directives?.map((directive) => ({ ...directive })),
  };
}

/** Every selection list of the draft (the root's first). */
function selectionSets(draft: Draft): Selection[][] {
  const sets: Selection[][] = [];
  const visit = (selections: Selection[]): void => {
    sets.push(selections);
    for (const selection of selections) {
      if (selection.kind === 'field' && selection.selections) visit(selection.selections);
      if (selection.kind === 'inline') visit(selection.selections);
    }
  };
  visit(draft.root);
  for (const fragment of draft.fragments) visit(fragment.selections);
  return sets;
}

/** Adds `slot`, then the slots inside its value: each item of a list, each input field given of an input object. */
function valueSlots(found: Slot[], slot: Slot): void {
  const { type, name, field } = slot;
  found.push(slot);
  const value = slot.get();
  const inner = type && isNonNullType(type) ? type.ofType : type;
  if (inner && isListType(inner) && Array.isArray(value)) {
    const list: unknown[] = value;
    list.forEach((_item, index) => {
      valueSlots(found, {
        type: inner.ofType,
        name,
        field,
        item: true,
        get: () => list[index],
        set: (next) => {
          list[index] = next;
        },
        remove: () => {
          list.splice(index, 1);
        },
      });
    });
  } else if (inner && isInputObjectType(inner) && isPlainObject(value)) {
    const object = value;
    for (const inputField of Object.values(inner.getFields())) {
      if (!(inputField.name in object)) continue;
      valueSlots(found, {
        type: inputField.type,
        name: inputField.name,
        field: inner.name,
        item: false,
        get: () => object[inputField.name],
        set: (next) => {
          object[inputField.name] = next;
        },
        remove: () => {
          // oxlint-disable-next-line typescript/no-dynamic-delete -- an input field named by the schema
          delete object[inputField.name];
        },
      });
    }
  }
}

/** An argument's slot: the value of its variable when it is given through one, else its value in the document. */
function argumentSlot(draft: Draft, field: Field, arg: Argument): Slot {
  if (arg.value instanceof VariableRef) {
    const variable = arg.value.name;
    return {
      type: arg.type,
      name: arg.name,
      field: field.name,
      item: false,
      get: () => draft.variables[variable],
      set: (next) => {
        draft.variables[variable] = next;
      },
      remove: () => {
        // oxlint-disable-next-line typescript/no-dynamic-delete -- a variable of this draft
        delete draft.variables[variable];
      },
    };
  }
  return {
    type: arg.type,
    name: arg.name,
    field: field.name,
    item: false,
    get: () => arg.value,
    set: (next) => {
      arg.value = next;
    },
    remove: () => {
      field.args = field.args.filter((other) => other !== arg);
    },
  };
}

/** Adds the slots of the arguments in `selections` and in the selections inside them (spreads aside). */
function selectionSlots(found: Slot[], draft: Draft, selections: Selection[]): void {
  for (const selection of selections) {
    if (selection.kind === 'spread') continue;
    if (selection.kind === 'inline') {
      selectionSlots(found, draft, selection.selections);
      continue;
    }
    const field = selection;
    for (const arg of field.args) valueSlots(found, argumentSlot(draft, field, arg));
    if (field.selections) selectionSlots(found, draft, field.selections);
  }
}

// ---- from a draft to a document ----

function name(value: string): { kind: Kind.NAME; value: string } {
  return { kind: Kind.NAME, value };
}

/** Any JavaScript value as a GraphQL literal, whatever the type expected there. */
function literal(value: unknown): ValueNode {
  if (value instanceof VariableRef) return { kind: Kind.VARIABLE, name: name(value.name) };
  if (value instanceof EnumValue) return { kind: Kind.ENUM, value: value.name };
  if (value === null || value === undefined) return { kind: Kind.NULL };
  if (typeof value === 'boolean') return { kind: Kind.BOOLEAN, value };
  if (typeof value === 'number') {
    if (Number.isInteger(value) && Math.abs(value) < 1e21) return { kind: Kind.INT, value: value.toFixed(0) };
    return { kind: Kind.FLOAT, value: String(value) };
  }
  if (typeof value === 'string') return { kind: Kind.STRING, value };
  if (Array.isArray(value)) return { kind: Kind.LIST, values: value.map(literal) };
  if (isPlainObject(value)) {
    return {
      kind: Kind.OBJECT,
      fields: Object.entries(value).map(([key, inner]) => ({
        kind: Kind.OBJECT_FIELD,
        name: name(key),
        value: literal(inner),
      })),
    };
  }
  // Nothing else is ever generated.
  return { kind: Kind.NULL };
}

function selectionNode(selection: Selection): SelectionNode {
  if (selection.kind === 'spread') return { kind: Kind.FRAGMENT_SPREAD, name: name(selection.name) };
  if (selection.kind === 'inline') {
    return {
      kind: Kind.INLINE_FRAGMENT,
      ...(selection.typeCondition
        ? { typeCondition: { kind: Kind.NAMED_TYPE, name: name(selection.typeCondition) } }
        : {}),
      selectionSet: { kind: Kind.SELECTION_SET, selections: selection.selections.map(selectionNode) },
    };
  }
  const args: ArgumentNode[] = selection.args.map((arg) => ({
    kind: Kind.ARGUMENT,
    name: name(arg.name),
    value: literal(arg.value),
  }));
  const node: FieldNode = {
    kind: Kind.FIELD,
    name: name(selection.name),
    ...(selection.alias ? { alias: name(selection.alias) } : {}),
    arguments: args,
    directives: (selection.directives ?? []).map((directive) => ({
      kind: Kind.DIRECTIVE,
      name: name(directive.name),
      arguments: 'if' in directive ? [{ kind: Kind.ARGUMENT, name: name('if'), value: literal(directive.if) }] : [],
    })),
    ...(selection.selections
      ? { selectionSet: { kind: Kind.SELECTION_SET, selections: selection.selections.map(selectionNode) } }
      : {}),
  };
  return node;
}

function toDocument(draft: Draft): DocumentNode {
  const definitions: DefinitionNode[] = [
    {
      kind: Kind.OPERATION_DEFINITION,
      operation: draft.operation === 'mutation' ? OperationTypeNode.MUTATION : OperationTypeNode.QUERY,
      ...(draft.name ? { name: name(draft.name) } : {}),
      variableDefinitions: draft.variableDefinitions.map((definition) => {
        const [type = '', defaultValue] = definition.type.split(' = ');
        return {
          kind: Kind.VARIABLE_DEFINITION,
          variable: { kind: Kind.VARIABLE, name: name(definition.name) },
          type: parseType(type),
          ...(defaultValue === 'null' ? { defaultValue: { kind: Kind.NULL } } : {}),
        };
      }),
      selectionSet: { kind: Kind.SELECTION_SET, selections: draft.root.map(selectionNode) },
    },
    ...draft.fragments.map((fragment): DefinitionNode => ({
      kind: Kind.FRAGMENT_DEFINITION,
      name: name(fragment.name),
      typeCondition: { kind: Kind.NAMED_TYPE, name: name(fragment.on) },
      selectionSet: { kind: Kind.SELECTION_SET, selections: fragment.selections.map(selectionNode) },
    })),
  ];
  return { kind: Kind.DOCUMENT, definitions };
}

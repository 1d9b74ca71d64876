import { describe, expect, it } from 'vitest';
import type { PackItem, ToolSchema } from '../../src/lib/core/types';
import { FormatError } from '../../src/lib/formats/jsonl';
import { readOpenApiTools } from '../../src/lib/formats/openapi-tools';
import { readToolDeclarations } from '../../src/lib/formats/tool-declarations';
import { expectedProblems, readToolRequests } from '../../src/lib/formats/tool-requests';
import { exportedRequests, exportedTools, readToolsFile, yourToolsPack } from '../../src/lib/formats/your-tools-pack';
import { parseJsonValue } from '../../src/lib/parsing/json-value';
import { buildCallGrammar } from '../../src/lib/parsing/call-grammar';
import { decodeBfclPython } from '../../src/lib/parsing/bfcl-python';
import { formatPythonCalls } from '../../src/lib/parsing/format-calls';
import { canonicalCalls, checkBfclSample } from '../../src/lib/scoring/bfcl-ast';

const PETS_30 = {
  openapi: '3.0.3',
  info: { title: 'Pet store', version: '1' },
  paths: {
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: {
        operationId: 'getPet',
        summary: 'Get a pet',
        parameters: [
          { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
      },
      delete: { summary: 'Delete a pet' },
    },
    '/pets': {
      get: {
        operationId: 'list-pets',
        summary: 'List pets',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 } },
          { name: 'kind', in: 'query', required: true, schema: { type: 'string', enum: ['cat', 'dog'] } },
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
        ],
      },
      post: {
        operationId: 'createPet',
        description: 'Create a pet',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
      },
    },
    '/pets/{petId}/photo': {
      put: { operationId: 'uploadPhoto', requestBody: { content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } } } },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', description: 'the pet name' },
          weight: { type: 'number', nullable: true },
          owner: { $ref: '#/components/schemas/Owner' },
          parent: { $ref: '#/components/schemas/Pet' },
          vaccinations: { type: 'array', items: { type: 'object', properties: { date: { type: 'string', format: 'date' }, kind: { type: 'string' } } } },
        },
      },
      Owner: { type: 'object', properties: { email: { type: 'string' }, city: { type: 'string' } } },
    },
  },
};

const SWAGGER_2 = {
  swagger: '2.0',
  info: { title: 'Users', version: '1' },
  paths: {
    '/users/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }],
      put: {
        operationId: 'updateUser',
        parameters: [
          { name: 'payload', in: 'body', required: true, schema: { $ref: '#/definitions/User' } },
          { name: 'dry_run', in: 'query', type: 'boolean' },
        ],
      },
      get: { operationId: 'getUser', parameters: [{ name: 'fields', in: 'query', type: 'array', items: { type: 'string', enum: ['name', 'role'] } }] },
    },
  },
  definitions: { User: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, age: { type: 'integer' }, role: { type: 'string', enum: ['admin', 'user'] } } } },
};

const YAML_31 = `openapi: 3.1.0
info: {title: Weather, version: "2"}
paths:
  /forecast:
    get:
      operationId: get_forecast
      description: Forecast for a city
      parameters:
        - {name: city, in: query, required: true, schema: {type: string}}
        - {name: days, in: query, schema: {type: [integer, "null"], default: 3}}
        - {name: units, in: query, schema: {$ref: '#/components/schemas/Units'}}
components:
  schemas:
    Units: {type: string, enum: [metric, imperial]}
`;

const byName = (tools: ToolSchema[], name: string): ToolSchema => {
  const t = tools.find((x) => x.name === name);
  if (!t) throw new Error(`no ${name} in ${tools.map((x) => x.name).join(', ')}`);
  return t;
};

/** The ground truth as a model would write it, decoded and checked by the BFCL checker: the schemas work end to end. */
function scoresItself(tools: ToolSchema[], item: PackItem): boolean {
  const text = formatPythonCalls(canonicalCalls(item.possibleAnswer, tools));
  // as a BFCL record (its own functions) and as in a catalog of all of them
  return checkBfclSample(item.category, item.tools, item.possibleAnswer, decodeBfclPython(text)).valid && checkBfclSample('multiple', tools, item.possibleAnswer, decodeBfclPython(text)).valid;
}

describe('OpenAPI documents → function schemas', () => {
  it('3.0: path, query and body parameters side by side, $ref resolved, enums kept, headers and file uploads left out and said', async () => {
    const got = await readOpenApiTools(JSON.stringify(PETS_30), 'pets.json');
    expect(got.tools.map((t) => t.name)).toEqual(['getPet', 'delete_pets_petId', 'list_pets', 'createPet']);
    const getPet = byName(got.tools, 'getPet');
    expect(getPet.parameters).toEqual({ type: 'dict', properties: { petId: { type: 'integer' }, verbose: { type: 'boolean' } }, required: ['petId'] });
    // the enum query parameter and both GET operations keep their own parameters
    const list = byName(got.tools, 'list_pets');
    expect(list.parameters.properties.kind).toEqual({ type: 'string', enum: ['cat', 'dog'] });
    expect(list.parameters.properties.tags).toEqual({ type: 'array', items: { type: 'string' } });
    expect(list.parameters.required).toEqual(['kind']);
    const create = byName(got.tools, 'createPet');
    expect(Object.keys(create.parameters.properties)).toEqual(['name', 'weight', 'owner', 'parent', 'vaccinations']);
    expect(create.parameters.required).toEqual(['name']);
    expect(create.parameters.properties.weight).toEqual({ type: 'float' });
    expect(create.parameters.properties.owner?.properties?.city).toEqual({ type: 'string' });
    expect(create.parameters.properties.vaccinations?.items).toEqual({ type: 'dict', properties: { date: { type: 'string' }, kind: { type: 'string' } } });
    expect(got.skipped).toEqual(['PUT /pets/{petId}/photo: the body uploads a file, which a model cannot write']);
    expect(got.warnings.some((w) => w.includes('header parameter X-Trace is left out'))).toBe(true);
    expect(got.warnings.some((w) => w.includes('"list-pets" is written list_pets'))).toBe(true);
    // a recursive schema ends in a bounded, said cut
    expect(got.warnings.some((w) => w.includes('recursive'))).toBe(true);
  });

  it('Swagger 2.0: the body parameter’s fields, optional query parameters stay optional, enums of array items', async () => {
    const got = await readOpenApiTools(JSON.stringify(SWAGGER_2), 'users.json');
    const update = byName(got.tools, 'updateUser');
    expect(update.parameters.properties).toEqual({
      id: { type: 'string' },
      dry_run: { type: 'boolean' },
      name: { type: 'string' },
      age: { type: 'integer' },
      role: { type: 'string', enum: ['admin', 'user'] },
    });
    expect(update.parameters.required).toEqual(['id', 'name']);
    expect(byName(got.tools, 'getUser').parameters.properties.fields).toEqual({ type: 'array', items: { type: 'string', enum: ['name', 'role'] } });
    expect(byName(got.tools, 'getUser').parameters.required).toEqual(['id']);
  });

  it('3.1 in YAML: type lists with null, defaults, a $ref to an enum', async () => {
    const got = await readOpenApiTools(YAML_31, 'weather.yaml');
    expect(got.tools[0]).toEqual({
      name: 'get_forecast',
      description: 'Forecast for a city',
      parameters: { type: 'dict', properties: { city: { type: 'string' }, days: { type: 'integer', default: 3 }, units: { type: 'string', enum: ['metric', 'imperial'] } }, required: ['city'] },
    });
  });

  it('converted schemas are accepted by the grammar builder and the scorer', async () => {
    const tools = [...(await readOpenApiTools(JSON.stringify(PETS_30), 'pets.json')).tools, ...(await readOpenApiTools(JSON.stringify(SWAGGER_2), 'users.json')).tools];
    for (const format of ['bfcl-python', 'json'] as const) expect(buildCallGrammar(tools, format).length).toBeGreaterThan(100);
    const requests = [
      { query: 'Show me pet 7 in detail', expected: [{ name: 'getPet', arguments: { petId: 7, verbose: true } }] },
      { query: 'Add a cat named Tom weighing 4 kg owned by a@b.c', expected: [{ name: 'createPet', arguments: { name: 'Tom', weight: 4, owner: { email: 'a@b.c' } } }] },
      { query: 'List at most 5 dogs', expected: [{ name: 'list_pets', arguments: { kind: 'dog', limit: [5, ''] } }] },
      { query: 'Make user u1 an admin called Ann', expected: [{ name: 'updateUser', arguments: { id: 'u1', name: 'Ann', role: 'admin' } }] },
    ];
    const items = readToolRequests(requests.map((r) => JSON.stringify(r)).join('\n'), 'requests.jsonl', tools);
    for (const item of items) expect(scoresItself(tools, item), item.id).toBe(true);
    // a float parameter's expected 4 is the float 4.0, as BFCL writes it
    expect(formatPythonCalls(canonicalCalls(items[1]!.possibleAnswer, tools))).toContain('weight=4.0');
  });

  it('every mistake names the file and the place; nothing half-converted', async () => {
    const fail = async (doc: unknown) => {
      try {
        await readOpenApiTools(typeof doc === 'string' ? doc : JSON.stringify(doc), 'api.json');
      } catch (e) {
        expect(e).toBeInstanceOf(FormatError);
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    expect(await fail('{"not": "openapi"}')).toMatch(/^api\.json: \(file\): not an OpenAPI/);
    expect(await fail({ ...PETS_30, paths: { '/a': { get: { operationId: 'a', parameters: [{ name: 'q', schema: { type: 'string' } }] } } } })).toBe(
      "api.json: GET /a → parameters[0]: not a valid OpenAPI document: must have required property 'in'",
    );
    expect(await fail({ ...PETS_30, paths: { '/a': { post: { operationId: 'a', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } } } } } } })).toMatch(
      /Nope/,
    );
    expect(await fail({ ...PETS_30, paths: { '/a': { get: { operationId: 'same' } }, '/b': { get: { operationId: 'same' } } } })).toMatch(
      /GET \/b: name: "same" is also the name of api\.json: GET \/a/,
    );
    expect(await fail({ ...PETS_30, paths: { '/a': { get: { operationId: 'a', parameters: [{ name: 'q', in: 'query', schema: { type: 'strnig' } }] } } } })).toMatch(/GET \/a|strnig/);
  });
});

describe('documents nested thousands of levels deep (issue 35, item 6)', () => {
  let schema = '{"type": "string"}';
  for (let i = 0; i < 3000; i++) schema = `{"type": "object", "properties": {"x": ${schema}}}`;
  let yamlSchema = '{type: string}';
  for (let i = 0; i < 3000; i++) yamlSchema = `{type: object, properties: {x: ${yamlSchema}}}`;
  const openapi = (s: string) =>
    `{"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"post": {"operationId": "doA", "requestBody": {"content": {"application/json": {"schema": ${s}}}}, "responses": {"200": {"description": "ok"}}}}}}`;

  it('are a format error naming the file and where, never a stack overflow; a dozen levels still read', async () => {
    await expect(readToolsFile(openapi(schema), 'deep.json')).rejects.toThrow(/^deep\.json: paths\.\/a\.post\.requestBody.*…: nested more than 64 levels deep/);
    await expect(readToolsFile(`[{"name": "f", "description": "d", "parameters": ${schema}}]`, 'decl.json')).rejects.toThrow(
      /^decl\.json: \[0\]\.parameters\.properties.*: nested more than 64 levels deep/,
    );
    await expect(
      readToolsFile(
        `openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    post:\n      operationId: doA\n      responses: {"200": {description: ok}}\n      requestBody:\n        content:\n          application/json:\n            schema: ${yamlSchema}\n`,
        'deep.yaml',
      ),
    ).rejects.toThrow(/^deep\.yaml: \(file\): nested too deeply to read/);
    let twelve = '{"type": "string"}';
    for (let i = 0; i < 12; i++) twelve = `{"type": "object", "properties": {"x": ${twelve}}}`;
    expect((await readToolsFile(openapi(twelve), 'ok.json')).tools).toHaveLength(1);
  });
});

describe('parameter names (issue 35, item 6)', () => {
  it('a name holds only what a name may: markup, quotes and spaces are refused, naming it; page[size] and $filter are names', () => {
    const decl = (name: string) => [{ name: 'f', description: 'd', parameters: { type: 'object', properties: { [name]: { type: 'string' } } } }];
    expect(() => readToolDeclarations(decl('a"><img src=x onerror=alert(1)>'), 't.json')).toThrow(
      /t\.json.*\(f\): parameters\.properties: "a\\"><img src=x onerror=alert\(1\)>" is not a parameter name/,
    );
    expect(() => readToolDeclarations(decl('first name'), 't.json')).toThrow(/"first name" is not a parameter name/);
    expect(readToolDeclarations(decl('page[size]'), 't.json').tools[0]?.parameters.properties).toHaveProperty(['page[size]']);
    expect(readToolDeclarations(decl('$filter'), 't.json').tools[0]?.parameters.properties).toHaveProperty(['$filter']);
  });
});

describe('tool declarations (OpenAI, Anthropic, Gemini shapes)', () => {
  const params = { type: 'object', properties: { city: { type: 'string' }, unit: { $ref: '#/$defs/Unit' } }, required: ['city'], $defs: { Unit: { type: 'string', enum: ['c', 'f'] } } };
  const expectedTool = {
    name: 'get_weather',
    description: 'Weather now',
    parameters: { type: 'dict', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } }, required: ['city'] },
  };

  it('reads the same tool from each shape', () => {
    const shapes = [
      [{ type: 'function', function: { name: 'get_weather', description: 'Weather now', parameters: params } }],
      { tools: [{ name: 'get_weather', description: 'Weather now', input_schema: params }] },
      [
        {
          functionDeclarations: [
            {
              name: 'get_weather',
              description: 'Weather now',
              parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' }, unit: { type: 'STRING', enum: ['c', 'f'] } }, required: ['city'] },
            },
          ],
        },
      ],
    ];
    for (const s of shapes) expect(readToolDeclarations(s, 'tools.json').tools).toEqual([expectedTool]);
  });

  it('refuses what it cannot read, naming the declaration and field', () => {
    const msg = (doc: unknown) => {
      try {
        readToolDeclarations(doc, 'tools.json');
        return 'accepted';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(msg({ hello: 1 })).toMatch(/^tools\.json: \(file\)/);
    expect(msg([{ type: 'function', function: { description: 'x' } }])).toBe('tools.json tools[0]: name: expected a non-empty string');
    expect(msg([{ name: 'get-weather', parameters: params }])).toMatch(/tools\[0\] \(get-weather\): name: a function name must be an identifier/);
    expect(msg([{ name: 'a', parameters: { type: 'object', properties: { x: { type: 'text' } } } }])).toBe('tools.json tools[0] (a): parameters.x.type: "text" is not a JSON Schema type');
    expect(msg([{ name: 'a', parameters: { type: 'object', properties: {}, required: ['x'] } }])).toMatch(/parameters\.required: names "x"/);
    expect(msg([{ name: 'a', parameters: { type: 'object', properties: { u: { $ref: '#/$defs/Nope' } } } }])).toMatch(/parameters\.u: the reference #\/\$defs\/Nope does not resolve/);
    expect(msg([{ name: 'a' }, { name: 'a' }])).toMatch(/tools\[1\]: name: "a" is also the name of tools\.json tools\[0\]/);
  });
});

describe('requests with expected calls', () => {
  const { tools } = readToolDeclarations(
    [
      {
        name: 'book_table',
        parameters: {
          type: 'object',
          properties: {
            restaurant: { type: 'string' },
            people: { type: 'integer' },
            time: { type: 'string' },
            seating: { type: 'string', enum: ['inside', 'outside'] },
            notes: { type: 'array', items: { type: 'string' } },
          },
          required: ['restaurant', 'people'],
        },
      },
      { name: 'cancel_booking', parameters: { type: 'object', properties: { booking_id: { type: 'string' } }, required: ['booking_id'] } },
    ],
    'tools.json',
  );
  const check = (expected: unknown) => expectedProblems(parseJsonValue(JSON.stringify(expected)), tools).map((p) => `${p.at}: ${p.message}`);

  it('names each mistake of an expected call', () => {
    expect(check([{ name: 'book_table', arguments: { restaurant: 'Nopi', people: 2 } }])).toEqual([]);
    expect(check([{ name: 'book_tabel', arguments: {} }])).toEqual(['expected[0].name: "book_tabel" is not one of the tools']);
    expect(check([{ name: 'book_table', arguments: { restaurant: 'Nopi' } }])).toEqual(['expected[0].arguments: the required argument "people" is missing']);
    expect(check([{ name: 'book_table', arguments: { restaurant: 'Nopi', people: '2' } }])).toEqual(["expected[0].arguments.people: expected an integer, found '2'"]);
    expect(check([{ name: 'book_table', arguments: { restaurant: 'Nopi', people: 2.5 } }])).toEqual(['expected[0].arguments.people: expected an integer, found 2.5']);
    expect(check([{ name: 'book_table', arguments: { restaurant: 'Nopi', people: 2, seating: 'roof' } }])).toEqual(["expected[0].arguments.seating: 'roof' is not one of 'inside', 'outside'"]);
    expect(check([{ name: 'book_table', arguments: { restaurant: 'Nopi', people: 2, table: 4 } }])[0]).toMatch(/^expected\[0\]\.arguments\.table: book_table has no argument "table"/);
    expect(check([{ name: 'book_table', arguments: { restaurant: ['Nopi', ''], people: 2 } }])).toEqual(['expected[0].arguments.restaurant[1]: "" would let a required argument be left out']);
    expect(check([{ name: 'book_table', arguments: { restaurant: 'Nopi', people: 2, notes: ['quiet', 3] } }])).toEqual(['expected[0].arguments.notes: [1]: expected a string, found 3']);
    expect(check({ name: 'cancel_booking' })).toEqual(['expected: expected a list of calls ([] when no call is right)']);
  });

  it('reads allowed values as BFCL does, and refuses a file with any mistake, naming file, request and field', () => {
    const text = [
      {
        id: 'a',
        query: 'Table for 2 at Nopi, outside if possible, note: quiet',
        expected: [{ name: 'book_table', arguments: { restaurant: 'Nopi', people: 2, seating: ['outside', ''], notes: ['quiet'] } }],
      },
      {
        query: 'Cancel A1 and A2',
        expected: [
          { name: 'cancel_booking', arguments: { booking_id: 'A1' } },
          { name: 'cancel_booking', arguments: { booking_id: 'A2' } },
        ],
      },
      { query: 'What is the capital of France?', expected: [] },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');
    const items = readToolRequests(text, 'requests.jsonl', tools);
    expect(items.map((i) => [i.id, i.category])).toEqual([
      ['a', 'simple'],
      ['request-2', 'parallel'],
      ['request-3', 'irrelevance'],
    ]);
    expect(items[0]?.possibleAnswer).toEqual([{ book_table: { restaurant: ['Nopi'], people: [2], seating: ['outside', ''], notes: [['quiet']] } }]);
    const refuse = (lines: unknown[]) => {
      try {
        readToolRequests(lines.map((l) => JSON.stringify(l)).join('\n'), 'requests.jsonl', tools);
        return 'accepted';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(refuse([{ query: 'x', expected: [{ name: 'cancel_booking', arguments: {} }] }])).toBe(
      'requests.jsonl request 1 (request-1): expected[0].arguments: the required argument "booking_id" is missing',
    );
    expect(refuse([{ query: '', expected: [] }])).toBe('requests.jsonl request 1: query: expected the request as a non-empty string');
    expect(
      refuse([
        { id: 'x', query: 'a', expected: [] },
        { id: 'x', query: 'b', expected: [] },
      ]),
    ).toBe('requests.jsonl request 2: id: "x" is the id of an earlier request');
    expect(refuse([{ query: 'a', expected: [], answer: 1 }])).toMatch(/request 1: answer: unknown field/);
    expect(refuse([])).toMatch(/no requests/);
  });

  it('exports as files that import back to the same pack', () => {
    const items = readToolRequests(
      JSON.stringify({ id: 'a', query: 'Table for 2 at Nopi', expected: [{ name: 'book_table', arguments: { restaurant: ['Nopi', 'NOPI'], people: 2, notes: [['a'], ['b']] } }] }),
      'r.jsonl',
      tools,
    );
    const pack = yourToolsPack('mine', tools, items, 'test', 1);
    const tools2 = readToolDeclarations(JSON.parse(exportedTools(pack)), 'tools.json').tools;
    expect(tools2).toEqual(tools);
    const items2 = readToolRequests(exportedRequests(pack), 'requests.jsonl', tools2);
    expect(items2).toEqual(items);
  });
});

describe('imports stored exactly or refused, saying what changed (issue 46, item 5)', () => {
  const pets = (mutate: (doc: Record<string, any>) => void) => {
    const doc = JSON.parse(JSON.stringify(PETS_30));
    mutate(doc);
    return JSON.stringify(doc);
  };
  it('a description over 1,000 characters is cut, and the import says so', async () => {
    const got = await readOpenApiTools(
      pets((d) => (Object.values(d.paths as Record<string, Record<string, { description?: string }>>)[0]!.get!.description = 'x'.repeat(1500))),
      'pets.json',
    );
    expect(got.warnings.join('\n')).toMatch(/its description \(1,5\d\d characters\) is cut to its first 1,000/);
  });
  it('properties written as a list are refused, not read as one argument', async () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/a': {
          post: {
            operationId: 'make_a',
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: [{ name: { type: 'string' } }] } } } },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    await expect(readOpenApiTools(JSON.stringify(doc), 'a.json')).rejects.toThrow(/body\.properties: expected an object of named schemas/);
  });
  it('a type that is not a type name is refused, not stored as any value with "no type given"', async () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: { '/a': { get: { operationId: 'get_a', parameters: [{ name: 'n', in: 'query', schema: { type: 5 } }], responses: { '200': { description: 'ok' } } } } },
    };
    await expect(readOpenApiTools(JSON.stringify(doc), 'a.json')).rejects.toThrow(/type/);
    expect(() => readToolDeclarations([{ name: 'f', parameters: { type: 'object', properties: { n: { type: { a: 1 } } } } }], 't.json')).toThrow(
      /parameters\.n\.type: expected a JSON Schema type name/,
    );
  });
  it('a parameter with no schema is read as any value with a warning naming it (issue 73)', async () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: { '/a': { get: { operationId: 'get_a', parameters: [{ name: 'n', in: 'query' }], responses: { '200': { description: 'ok' } } } } },
    };
    const read = await readOpenApiTools(JSON.stringify(doc), 'a.json');
    expect(read.tools[0]?.parameters.properties.n?.type).toBe('any');
    expect(read.warnings).toContain('a.json: GET /a (get_a): parameters.n: no schema given; taken as any value');
  });
  it('every refusal inside an operation names the file, not only the operation (issue 73)', async () => {
    const op = (parameters: unknown[], extra: Record<string, unknown> = {}) =>
      JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: { '/a': { post: { operationId: 'a', parameters, responses: { '200': { description: 'ok' } }, ...extra } } } });
    const body = (schema: unknown) => op([], { requestBody: { content: { 'application/json': { schema } } } });
    const refusals = [
      op([{ name: 'bad name!', in: 'query', schema: { type: 'string' } }]),
      op([{ name: 'q', in: 'query', schema: { type: 'strnig' } }]),
      op([{ name: 'q', in: 'query', schema: { type: 'string', enum: Array.from({ length: 5000 }, (_, i) => `v${i}`) } }]),
      body({ type: 'object', properties: [{ x: { type: 'string' } }] }),
      body({ type: 'object', properties: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`p${i}`, { type: 'string' }])) }),
    ];
    for (const doc of refusals) await expect(readOpenApiTools(doc, 'my-api.json')).rejects.toThrow(/^my-api\.json: /);
  });
  it('a YAML document cut mid-file is refused; the whole one reads', async () => {
    await expect(readOpenApiTools(YAML_31.slice(0, YAML_31.indexOf('get_forecast') + 7), 'weather.yaml')).rejects.toThrow(/does not end with a line break.*cut short/);
    expect((await readOpenApiTools(YAML_31, 'weather.yaml')).tools).toHaveLength(1);
  });
});

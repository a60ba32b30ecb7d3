import request from 'supertest';
import { ContractTypes, type Schema } from './support/contract-types.js';
import { startTestApp, type TestApp } from './support/test-app.js';

interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** Documented calls that are no part of the contract a client uses, and why. */
const OUTSIDE_THE_CONTRACT = new Map([
  ['post /api/stripe/webhook', 'Stripe sends its own signed events'],
  ['get /api/billing/local-checkout/{sessionId}', 'an HTML page of the local test checkout'],
  ['post /api/billing/local-checkout/{sessionId}/confirm', 'a form post of that page'],
  ['get /api/health/metrics', 'Prometheus text for monitoring, not JSON for a client'],
]);

const PATH_PARAMETER = /\{([^}]+)\}/g;

/** The document's path of a contract route: the spec's trailing slashes are not in it. */
const documentPath = (path: string) => path.replace(/(.)\/$/, '$1');

function jsonSchema(content: Record<string, { schema: Schema }> | undefined): Schema | undefined {
  return content?.['application/json']?.schema;
}

function successSchema(operation: Operation): Schema | undefined {
  const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
  return jsonSchema(success?.[1].content);
}

describe('OpenAPI document and the contract', () => {
  let testApp: TestApp;
  let document: Document;
  const contract = new ContractTypes();

  beforeAll(async () => {
    testApp = await startTestApp();
    document = (await request(testApp.http).get('/api/docs/json').expect(200)).body as Document;
  });
  afterAll(() => testApp.close());

  /** Every difference between the contract's routes and the document's operations. */
  function differences(documentToCheck: Document): string[] {
    const components = documentToCheck.components.schemas;
    const problems: string[] = [];
    for (const route of contract.routes()) {
      const at = `${route.method.toUpperCase()} ${route.path}`;
      const operation = documentToCheck.paths[documentPath(route.path)]?.[route.method];
      if (!operation) {
        problems.push(`${at}: in the contract only`);
        continue;
      }
      const response = successSchema(operation);
      if (response) problems.push(...contract.compare(route.response, response, components, at));
      else problems.push(`${at}: no JSON answer in the document`);

      const body = jsonSchema(operation.requestBody?.content);
      // A call without a body is sent `{}`, which the document need not describe.
      const bodyless = !route.body || contract.propertiesOf([route.body]).size === 0;
      if (route.body && body) {
        problems.push(...contract.compare(route.body, body, components, `${at} body`));
      } else if (!(bodyless && !body)) {
        problems.push(`${at}: a body in the ${route.body ? 'contract' : 'document'} only`);
      }

      const parameters = operation.parameters ?? [];
      const pathNames = [...route.path.matchAll(PATH_PARAMETER)].map((match) => match[1]);
      const documentedPathNames = parameters.filter((p) => p.in === 'path').map((p) => p.name);
      if (JSON.stringify(pathNames.sort()) !== JSON.stringify(documentedPathNames.sort())) {
        problems.push(`${at}: path parameters ${documentedPathNames.join(', ')} in the document`);
      }
      for (const [place, contractType, mark] of [
        ['query', route.query, '?'],
        ['header', route.headers, 'header '],
      ] as const) {
        const documented = Object.fromEntries(
          parameters.filter((p) => p.in === place).map((p) => [p.name, p]),
        );
        const contracted = contractType ? contract.propertiesOf([contractType]) : new Map();
        for (const name of new Set([...contracted.keys(), ...Object.keys(documented)])) {
          const inContract = contracted.get(name);
          const inDocument = documented[name];
          if (!inContract || !inDocument) {
            problems.push(
              `${at} ${mark}${name}: in the ${inContract ? 'contract' : 'document'} only`,
            );
          } else if (inContract.required !== (inDocument.required === true)) {
            problems.push(`${at} ${mark}${name}: required in one of them only`);
          }
        }
      }
    }
    return problems;
  }

  it('describes every call of the contract with the contract’s fields, kinds and values', () => {
    expect(differences(document)).toEqual([]);
  });

  it('has every documented call in the contract, but for those a client never makes', () => {
    const contracted = new Set(
      contract.routes().map((route) => `${route.method} ${documentPath(route.path)}`),
    );
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(
      documented.filter((call) => !contracted.has(call) && !OUTSIDE_THE_CONTRACT.has(call)),
    ).toEqual([]);
    expect([...OUTSIDE_THE_CONTRACT.keys()].filter((call) => !documented.includes(call))).toEqual(
      [],
    );
  });

  it('describes the one error body as the contract types it', () => {
    const components = document.components.schemas;
    const errorSchema = components.ErrorDto;
    expect(errorSchema).toBeDefined();
    expect(
      contract.compare(contract.type('ErrorBody'), errorSchema ?? {}, components, 'ErrorBody'),
    ).toEqual([]);
  });

  it('notices a field on one side only, either way, a changed requirement and a new value', () => {
    const drifted = structuredClone(document);
    const schemas = drifted.components.schemas;
    delete schemas.AttemptResultDto?.properties?.triesLeft;
    const summary = schemas.LessonSummaryDto;
    if (summary?.properties) summary.properties.difficulty = { type: 'string' };
    schemas.AttemptResultDto?.properties?.reason?.enum?.push('too-far');
    const standing = schemas.ExerciseStandingDto;
    if (standing) standing.required = standing.required?.filter((name) => name !== 'revealed');
    const plans = drifted.paths['/api/plans']?.post;
    if (plans) plans.parameters = plans.parameters?.filter((p) => p.in !== 'header');
    const problems = differences(drifted);
    expect(problems).toContain('POST /api/plans header Idempotency-Key: in the contract only');
    expect(problems).toContain('POST /api/attempts.triesLeft: in the contract only');
    expect(problems).toContain(
      'GET /api/lessons.modules[].lessons[].difficulty: in the document only',
    );
    expect(problems).toContain(
      'GET /api/lessons/{path}.exercise.revealed: required in the contract only',
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^POST \/api\/attempts\.reason: values .* in the contract, .*too-far/),
    );
  });
});

import request from 'supertest';
import { DataSource } from 'typeorm';
import { expectError } from './support/http.js';
import { type Learner, registerLearner } from './support/learners.js';
import { startTestApp, type TestApp } from './support/test-app.js';

interface DocumentedParameter {
  name: string;
  in: string;
  schema?: { type?: string; minimum?: number; maximum?: number; example?: unknown };
}

interface NumberedRoute {
  path: string;
  parameters: DocumentedParameter[];
}

/** Spellings that Number() or parseInt() would read as a number, and none of which is one here. */
const NOT_PLAIN_DIGITS = [
  '0x10',
  '1e1',
  '0b1',
  '0o7',
  '2 ',
  ' 2',
  '+3',
  '-0',
  '-1',
  '01',
  '1.0',
  '1.5',
  'Infinity',
  'NaN',
  '１',
  '9'.repeat(30),
];

/** Every numbered route the API has: a new one must appear in the document to pass. */
const EXPECTED_NUMBERS = [
  'GET /chart-data/{id} path id',
  'GET /chart-data/{id} query lesson',
  'GET /api/practice/decisions/{index} path index',
  'GET /api/practice/plans/{index} path index',
  'GET /api/practice/{index} path index',
  'GET /api/practice/real/{index} path index',
  'GET /api/practice/real/decisions/{index} path index',
];

describe('numbers in paths and queries', () => {
  let testApp: TestApp;
  let learner: Learner;
  let routes: NumberedRoute[];

  beforeAll(async () => {
    testApp = await startTestApp({ realPracticeSessions: 120 });
    learner = await registerLearner(testApp.http, testApp.app.get(DataSource));
    const document = (await request(testApp.http).get('/api/docs/json').expect(200)).body as {
      paths: Record<string, Record<string, { parameters?: DocumentedParameter[] }>>;
    };
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => method === 'get')
        .map(([, operation]) => ({ path, parameters: operation.parameters ?? [] }))
        .filter(({ parameters }) => parameters.some(isNumber)),
    );
  });
  afterAll(() => testApp.close());

  const isNumber = (parameter: DocumentedParameter): boolean =>
    ['integer', 'number'].includes(parameter.schema?.type ?? '') && parameter.in !== 'header';

  /** The route's address with every number at its documented example, one of them replaced. */
  function address(route: NumberedRoute, replaced?: { name: string; value: string }): string {
    const valueOf = (parameter: DocumentedParameter) =>
      encodeURIComponent(
        parameter.name === replaced?.name ? replaced.value : String(parameter.schema?.example),
      );
    let path = route.path;
    const query: string[] = [];
    for (const parameter of route.parameters.filter(isNumber)) {
      if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, valueOf(parameter));
      else if (parameter.name === replaced?.name)
        query.push(`${parameter.name}=${valueOf(parameter)}`);
    }
    return query.length > 0 ? `${path}?${query.join('&')}` : path;
  }

  it('documents every number as an integer with its range and an example', () => {
    const found = routes.flatMap((route) =>
      route.parameters.filter(isNumber).map((parameter) => {
        expect(parameter.schema).toMatchObject({
          type: 'integer',
          minimum: expect.any(Number) as unknown,
          maximum: expect.any(Number) as unknown,
        });
        expect(typeof parameter.schema?.example).toBe('number');
        return `GET ${route.path} ${parameter.in} ${parameter.name}`;
      }),
    );
    expect(found.sort()).toEqual([...EXPECTED_NUMBERS].sort());
  });

  it('accepts each documented example (no 400)', async () => {
    for (const route of routes) {
      const response = await request(testApp.http)
        .get(address(route))
        .set('Cookie', learner.cookies);
      expect({ route: route.path, status: response.status }).not.toMatchObject({ status: 400 });
    }
  });

  it('answers 400 with the usual error shape to every other spelling, in every numbered place', async () => {
    let checked = 0;
    for (const route of routes) {
      for (const parameter of route.parameters.filter(isNumber)) {
        const { minimum, maximum } = parameter.schema ?? {};
        const outOfRange = [String((minimum ?? 0) - 1), String((maximum ?? 0) + 1)];
        for (const value of [...NOT_PLAIN_DIGITS, ...outOfRange]) {
          // Read before the handler looks anything up (after the session check of a route
          // that needs one, which is why the learner asks).
          {
            const response = await request(testApp.http)
              .get(address(route, { name: parameter.name, value }))
              .set('Cookie', learner.cookies);
            expect({ path: route.path, value, status: response.status }).toEqual({
              path: route.path,
              value,
              status: 400,
            });
            expectError(
              response,
              400,
              new RegExp(
                `must be a whole number from ${minimum} to ${maximum}, written in plain digits\\.$`,
              ),
            );
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBe(EXPECTED_NUMBERS.length * (NOT_PLAIN_DIGITS.length + 2));
  });

  it('refuses an empty or repeated query number', async () => {
    for (const query of ['lesson=', 'lesson=7&lesson=7']) {
      expectError(
        await request(testApp.http).get(`/chart-data/7?${query}`).set('Cookie', learner.cookies),
        400,
        'The lesson id must be a whole number from 1 to 2000000000, written in plain digits.',
      );
    }
  });

  it('serves a public chart by its plain number only, on the fast path as through Express', async () => {
    // Without cookies a public chart is answered before Express; a padded number is not its address.
    await request(testApp.http).get('/chart-data/30').expect(200);
    for (const path of [
      '/chart-data/030',
      '/chart-data/0x1e',
      '/chart-data/3e1',
      '/chart-data/30%20',
    ]) {
      expectError(
        await request(testApp.http).get(path),
        400,
        'The chart id must be a whole number from 1 to 2000000000, written in plain digits.',
      );
    }
  });
});

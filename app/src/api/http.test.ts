/** @jest-environment node */
import { createHttpClient, routeAddress } from './http.js';

describe('routeAddress', () => {
  it('fills path parameters, encoded, and sends the other options as the query', () => {
    expect(routeAddress('/api/lessons/{path}', { path: 'S&D-conc' })).toBe(
      '/api/lessons/S%26D-conc',
    );
    expect(routeAddress('/chart-data/{id}', { id: 3, lesson: 7 })).toBe('/chart-data/3?lesson=7');
    expect(routeAddress('/chart-data/{id}', { id: 3, lesson: undefined })).toBe('/chart-data/3');
  });

  it('refuses a path whose parameter is missing', () => {
    expect(() => routeAddress('/api/practice/{index}', {})).toThrow(
      'The path /api/practice/{index} needs its index.',
    );
  });
});

describe('HttpClient types', () => {
  it('types each call by its route (checked by the compiler, run here once)', async () => {
    const sent: string[] = [];
    const http = createHttpClient({
      baseUrl: 'http://course.test',
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        sent.push(`${request.method} ${new URL(request.url).pathname} ${await request.text()}`);
        return new Response('{"completed":[7]}', {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const progress = await http.post('/users/update/', { completed: 7 });
    expect(progress.completed).toEqual([7]);
    // @ts-expect-error: the spec's progress call takes one lesson id, not a list
    await http.post('/users/update/', { completed: [7] });
    // @ts-expect-error: an attempt names its chart, lesson or practice chart
    await http.post('/api/attempts', { lines: [1, 2] });
    // @ts-expect-error: a lesson page needs its path
    await expect(http.get('/api/lessons/{path}')).rejects.toThrow('needs its path');
    expect(sent).toEqual([
      'POST /users/update/ {"completed":7}',
      'POST /users/update/ {"completed":[7]}',
      'POST /api/attempts {"lines":[1,2]}',
    ]);
  });
});

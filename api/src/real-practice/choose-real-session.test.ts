import { chooseRealSession, type ServedReal } from './choose-real-session.js';

const TYPES: Record<string, ('demand' | 'supply')[]> = {
  'A:2024-01-02': ['demand'],
  'A:2024-01-03': ['demand', 'supply'],
  'B:2024-01-02': ['supply'],
};
const OFFER = { sessions: Object.keys(TYPES), types: (id: string) => TYPES[id] ?? [] };

describe('chooseRealSession', () => {
  it('never repeats a session before every one was served, then starts over', () => {
    const served: ServedReal[] = [];
    let draw = 0;
    // Any random numbers: the rule holds whatever they are.
    const random = () => [0.99, 0, 0.5, 0.7, 0.2, 0.9][draw++ % 6] ?? 0;
    for (let round = 0; round < 3; round++) {
      const seen = new Set<string>();
      for (const _session of OFFER.sessions) {
        const next = chooseRealSession(OFFER, served, random);
        if (!next) throw new Error('the pool is not empty');
        expect(seen.has(next.sessionId)).toBe(false);
        seen.add(next.sessionId);
        served.push(next);
      }
      expect(seen.size).toBe(OFFER.sessions.length);
    }
  });

  it('takes the zone type the learner has had fewer of', () => {
    const served: ServedReal[] = [
      { sessionId: 'A:2024-01-02', zoneType: 'demand' },
      { sessionId: 'B:2024-01-02', zoneType: 'supply' },
      { sessionId: 'B:2024-01-02', zoneType: 'supply' },
    ];
    expect(chooseRealSession(OFFER, served, () => 0)).toEqual({
      sessionId: 'A:2024-01-03',
      zoneType: 'demand',
    });
  });

  it('serves the zone type asked for while a session least shown has it', () => {
    const served: ServedReal[] = [{ sessionId: 'A:2024-01-02', zoneType: 'demand' }];
    expect(chooseRealSession(OFFER, served, () => 0.99, 'supply')).toEqual({
      sessionId: 'B:2024-01-02',
      zoneType: 'supply',
    });
    expect(chooseRealSession(OFFER, served, () => 0, 'supply')).toEqual({
      sessionId: 'A:2024-01-03',
      zoneType: 'supply',
    });
    // None left of that type among the sessions least shown: another type, never a repeat.
    const most: ServedReal[] = [
      { sessionId: 'A:2024-01-03', zoneType: 'supply' },
      { sessionId: 'B:2024-01-02', zoneType: 'supply' },
    ];
    expect(chooseRealSession(OFFER, most, () => 0, 'supply')).toEqual({
      sessionId: 'A:2024-01-02',
      zoneType: 'demand',
    });
  });

  it('has nothing to serve from an empty pool', () => {
    expect(chooseRealSession({ sessions: [], types: () => [] }, [], () => 0)).toBeNull();
  });
});

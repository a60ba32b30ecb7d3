import { LruCache } from '../src/common/lru-cache.js';

describe('LruCache', () => {
  it('keeps at most its capacity, dropping the least recently used entry', () => {
    const cache = new LruCache<number, string>(2);
    cache.set(1, 'one');
    cache.set(2, 'two');
    expect(cache.get(1)).toBe('one');
    cache.set(3, 'three');
    expect(cache.size).toBe(2);
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe('one');
    expect(cache.get(3)).toBe('three');
  });

  it('forgets a deleted entry', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('refuses a capacity below one', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});

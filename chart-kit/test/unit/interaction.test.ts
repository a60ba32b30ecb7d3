import { jest } from '@jest/globals';
import {
  type ChartTool,
  GestureMachine,
  type GestureHost,
} from '../../src/interaction/gestures.js';
import { keyCommand } from '../../src/interaction/keyboard.js';
import { UserLines } from '../../src/engine/user-lines.js';

/** A host over real UserLines with 1 px per price unit (y = 1000 - price). */
function harness(tool: ChartTool = 'none') {
  const lines = new UserLines(2);
  const calls: string[] = [];
  const priceOf = (y: number) => 1000 - y;
  const host: GestureHost = {
    tool,
    hitLine: (y, tolerance) =>
      lines.list.find((line) => Math.abs(1000 - line.price - y) <= tolerance)?.id,
    selectLine: (id) => {
      lines.selectedId = id;
    },
    dragLine: (id, y) => {
      lines.move(id, priceOf(y));
    },
    endLineDrag: (id, moved) => calls.push(`end ${id} ${String(moved)}`),
    placeLine: (_x, y) => {
      lines.add(priceOf(y));
    },
    pan: (delta) => calls.push(`pan ${delta}`),
    hover: () => undefined,
  };
  const machine = new GestureMachine(host);
  const lineY = (id: string) => 1000 - (lines.get(id)?.price ?? 0);
  return { machine, lines, calls, lineY };
}

describe('GestureMachine', () => {
  it('places a line on a click with the line tool, and pans on a drag instead', () => {
    const { machine, lines, calls, lineY } = harness('line');
    machine.down({ x: 10, y: 400 }, lineY);
    machine.up({ x: 11, y: 401 });
    expect(lines.list.map((line) => line.price)).toEqual([599]);
    machine.down({ x: 10, y: 700 }, lineY);
    machine.move({ x: 30, y: 700 });
    machine.move({ x: 50, y: 700 });
    machine.up({ x: 50, y: 700 });
    expect(calls).toEqual(['pan 20', 'pan 20']);
    expect(lines.list).toHaveLength(1);
  });

  it('grabs a line within a few pixels and drags it keeping the grab offset', () => {
    const { machine, lines, calls, lineY } = harness();
    const line = lines.add(600);
    if (!line) throw new Error('no line');
    machine.down({ x: 10, y: 404 }, lineY);
    expect(lines.selectedId).toBe(line.id);
    expect(machine.draggedLine).toBe(line.id);
    machine.move({ x: 10, y: 454 });
    machine.up({ x: 10, y: 454 });
    expect(lines.get(line.id)?.price).toBe(550);
    expect(calls).toEqual([`end ${line.id} true`]);
  });

  it('a click on empty chart clears the selection; a cancelled gesture places nothing', () => {
    const { machine, lines, lineY } = harness('line');
    lines.selectedId = 'line-9';
    machine.down({ x: 5, y: 5 }, lineY);
    machine.cancel();
    expect(lines.list).toEqual([]);
    const idle = harness();
    idle.lines.selectedId = 'line-9';
    idle.machine.down({ x: 5, y: 5 }, idle.lineY);
    idle.machine.up({ x: 5, y: 5 });
    expect(idle.lines.selectedId).toBeUndefined();
  });

  it('gives touch a wider grab distance than a mouse', () => {
    const { machine, lines, lineY } = harness();
    lines.add(600);
    const hitLine = jest.fn<GestureHost['hitLine']>(() => undefined);
    const probe = new GestureMachine({
      tool: 'none',
      hitLine,
      selectLine: () => undefined,
      dragLine: () => undefined,
      endLineDrag: () => undefined,
      placeLine: () => undefined,
      pan: () => undefined,
      hover: () => undefined,
    });
    probe.down({ x: 0, y: 0, pointerType: 'mouse' }, lineY);
    probe.down({ x: 0, y: 0, pointerType: 'touch' }, lineY);
    const [mouse, touch] = hitLine.mock.calls.map(([, tolerance]) => tolerance);
    expect(touch).toBeGreaterThan(mouse ?? Infinity);
    machine.down({ x: 0, y: 412, pointerType: 'touch' }, lineY);
    expect(machine.draggedLine).toBe(lines.list[0]?.id);
  });
});

describe('UserLines', () => {
  it('keeps drawing order, respects maxLines and forgets the selection of a removed line', () => {
    const lines = new UserLines(2);
    const a = lines.add(10);
    const b = lines.add(20);
    expect(lines.add(30)).toBeUndefined();
    expect(lines.add(Number.NaN)).toBeUndefined();
    if (!a || !b) throw new Error('lines not added');
    lines.selectedId = b.id;
    expect(lines.nextAfterSelected()?.id).toBe(a.id);
    expect(lines.remove(b.id)).toBe(true);
    expect(lines.selectedId).toBeUndefined();
    expect(lines.list.map((line) => line.price)).toEqual([10]);
    expect(lines.clear()).toBe(true);
    expect(lines.clear()).toBe(false);
  });
});

describe('keyCommand', () => {
  it('maps arrows to the crosshair, or to the selected line for up and down', () => {
    expect(keyCommand({ key: 'ArrowLeft' }, { lineSelected: false })).toBe('crosshair-left');
    expect(keyCommand({ key: 'ArrowUp' }, { lineSelected: false })).toBe('crosshair-up');
    expect(keyCommand({ key: 'ArrowUp' }, { lineSelected: true })).toBe('move-line-up');
    expect(keyCommand({ key: 'ArrowDown' }, { lineSelected: true })).toBe('move-line-down');
    expect(keyCommand({ key: 'Enter' }, { lineSelected: false })).toBe('place-line');
  });

  it('deletes only with a selection and leaves modified keys to the browser', () => {
    expect(keyCommand({ key: 'Delete' }, { lineSelected: false })).toBeUndefined();
    expect(keyCommand({ key: 'Backspace' }, { lineSelected: true })).toBe('delete-line');
    expect(
      keyCommand({ key: 'ArrowLeft', ctrlKey: true }, { lineSelected: false }),
    ).toBeUndefined();
    expect(keyCommand({ key: 'Tab' }, { lineSelected: false })).toBeUndefined();
  });
});

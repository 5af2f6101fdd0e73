import { describe, expect, it } from 'vitest';
import { shortcutAction } from '../src/index.ts';

const press = (
  key: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) => shortcutAction({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('keyboard shortcuts', () => {
  it('maps the editor keys, Ctrl and ⌘ alike', () => {
    expect(press('z', { ctrlKey: true })).toEqual({ type: 'undo' });
    expect(press('Z', { metaKey: true, shiftKey: true })).toEqual({ type: 'redo' });
    expect(press('y', { ctrlKey: true })).toEqual({ type: 'redo' });
    expect(press('Delete')).toEqual({ type: 'delete' });
    expect(press('g', { ctrlKey: true, shiftKey: true })).toEqual({ type: 'ungroup' });
    expect(press('}', { ctrlKey: true, shiftKey: true })).toEqual({ type: 'reorder', to: 'front' });
    expect(press('[', { ctrlKey: true })).toEqual({ type: 'reorder', to: 'backward' });
    expect(press('ArrowLeft', { shiftKey: true })).toEqual({ type: 'nudge', dx: -10, dy: 0 });
    expect(press('ArrowDown')).toEqual({ type: 'nudge', dx: 0, dy: 1 });
  });

  it('ignores other keys and Alt combinations', () => {
    expect(press('z')).toBeNull();
    expect(press('q', { ctrlKey: true })).toBeNull();
    expect(press('z', { ctrlKey: true, altKey: true })).toBeNull();
  });
});

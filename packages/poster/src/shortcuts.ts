export type EditorAction =
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'delete' }
  | { type: 'duplicate' }
  | { type: 'group' }
  | { type: 'ungroup' }
  | { type: 'reorder'; to: 'front' | 'back' | 'forward' | 'backward' }
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'selectAll' }
  | { type: 'deselect' };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The editor's keyboard shortcuts, for the help list (Ctrl is ⌘ on a Mac). */
export const editorShortcuts: readonly { keys: string; does: string }[] = [
  { keys: 'Ctrl+Z', does: 'Undo' },
  { keys: 'Ctrl+Shift+Z or Ctrl+Y', does: 'Redo' },
  { keys: 'Delete or Backspace', does: 'Delete the selection' },
  { keys: 'Ctrl+D', does: 'Duplicate the selection' },
  { keys: 'Ctrl+G / Ctrl+Shift+G', does: 'Group / ungroup' },
  { keys: 'Ctrl+] / Ctrl+[', does: 'Bring forward / send backward' },
  { keys: 'Ctrl+Shift+] / Ctrl+Shift+[', does: 'Bring to front / send to back' },
  { keys: 'Arrow keys (Shift: 10 mm)', does: 'Move the selection by 1 mm' },
  { keys: 'Ctrl+A / Escape', does: 'Select all / select none' },
];

/** The action a key press asks for, or null. Ctrl and ⌘ are the same. */
export function shortcutAction(e: KeyPress): EditorAction | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (e.altKey) return null;
  if (mod) {
    switch (key) {
      case 'z':
        return e.shiftKey ? { type: 'redo' } : { type: 'undo' };
      case 'y':
        return { type: 'redo' };
      case 'd':
        return { type: 'duplicate' };
      case 'g':
        return e.shiftKey ? { type: 'ungroup' } : { type: 'group' };
      case 'a':
        return { type: 'selectAll' };
      case ']':
      case '}':
        return { type: 'reorder', to: e.shiftKey ? 'front' : 'forward' };
      case '[':
      case '{':
        return { type: 'reorder', to: e.shiftKey ? 'back' : 'backward' };
      default:
        return null;
    }
  }
  const step = e.shiftKey ? 10 : 1;
  switch (key) {
    case 'Delete':
    case 'Backspace':
      return { type: 'delete' };
    case 'Escape':
      return { type: 'deselect' };
    case 'ArrowLeft':
      return { type: 'nudge', dx: -step, dy: 0 };
    case 'ArrowRight':
      return { type: 'nudge', dx: step, dy: 0 };
    case 'ArrowUp':
      return { type: 'nudge', dx: 0, dy: -step };
    case 'ArrowDown':
      return { type: 'nudge', dx: 0, dy: step };
    default:
      return null;
  }
}

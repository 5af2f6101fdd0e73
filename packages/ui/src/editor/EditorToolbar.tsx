import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import * as css from './editor.css.ts';

export type ToolId =
  | 'paragraph'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'bold'
  | 'italic'
  | 'bulletList'
  | 'orderedList'
  | 'blockquote'
  | 'codeBlock'
  | 'link'
  | 'image'
  | 'editImage'
  | 'removeImage'
  | 'undo'
  | 'redo';

interface ToolDef {
  id: ToolId;
  label: string;
  /** Shown on the button; the label is its accessible name. */
  glyph: ReactNode;
  /** A pressed state (marks, block types); others are plain actions. */
  toggle?: boolean;
}

const groups: ToolDef[][] = [
  [
    { id: 'paragraph', label: 'Paragraph', glyph: '¶', toggle: true },
    { id: 'h2', label: 'Heading H2', glyph: 'H2', toggle: true },
    { id: 'h3', label: 'Heading H3', glyph: 'H3', toggle: true },
    { id: 'h4', label: 'Heading H4', glyph: 'H4', toggle: true },
  ],
  [
    { id: 'bold', label: 'Bold', glyph: <strong>B</strong>, toggle: true },
    { id: 'italic', label: 'Italic', glyph: <em>I</em>, toggle: true },
    { id: 'link', label: 'Link', glyph: 'Link', toggle: true },
  ],
  [
    { id: 'bulletList', label: 'Bulleted list', glyph: '• List', toggle: true },
    { id: 'orderedList', label: 'Numbered list', glyph: '# List', toggle: true },
    { id: 'blockquote', label: 'Quote', glyph: '“ ”', toggle: true },
    { id: 'codeBlock', label: 'Code block', glyph: '</>', toggle: true },
  ],
  [
    { id: 'image', label: 'Insert image', glyph: 'Image' },
    { id: 'editImage', label: 'Edit image', glyph: 'Edit image' },
    { id: 'removeImage', label: 'Remove image', glyph: 'Remove image' },
  ],
  [
    { id: 'undo', label: 'Undo', glyph: '↶' },
    { id: 'redo', label: 'Redo', glyph: '↷' },
  ],
];

export interface EditorToolbarProps {
  /** Tools whose mark or block is active at the selection. */
  active?: Partial<Record<ToolId, boolean>>;
  /** Tools that cannot be used now (no image selected, nothing to undo). */
  disabled?: Partial<Record<ToolId, boolean>>;
  onTool: (id: ToolId) => void;
}

/**
 * The rich-text toolbar: block types, marks, link, lists, quote, code, images, undo/redo. A labelled toolbar with a
 * roving tabindex (the WAI-ARIA toolbar pattern): Tab enters it once, on the last button used; the arrow keys move
 * between the buttons that can be used now (wrapping), Home and End go to the first and last.
 */
export function EditorToolbar({ active = {}, disabled = {}, onTool }: EditorToolbarProps) {
  const tools = groups.flat();
  const usable = tools.filter((t) => !disabled[t.id]).map((t) => t.id);
  const [current, setCurrent] = useState<ToolId>(tools[0]!.id);
  // The button Tab lands on: the last one used, or the first usable one when that one cannot be used now.
  const stop = usable.includes(current) ? current : usable[0];
  const buttons = useRef(new Map<ToolId, HTMLButtonElement>());

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!stop || usable.length === 0) return;
    const at = usable.indexOf(stop);
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? usable[(at + 1) % usable.length]
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? usable[(at - 1 + usable.length) % usable.length]
          : e.key === 'Home'
            ? usable[0]
            : e.key === 'End'
              ? usable[usable.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    setCurrent(next);
    buttons.current.get(next)?.focus();
  };

  return (
    <div
      className={css.toolbar}
      role="toolbar"
      aria-label="Formatting"
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
    >
      {groups.map((group, i) => (
        <div key={i} style={{ display: 'contents' }}>
          {i > 0 && <span className={css.separator} aria-hidden="true" />}
          {group.map((tool) => (
            <button
              key={tool.id}
              ref={(el) => {
                if (el) buttons.current.set(tool.id, el);
                else buttons.current.delete(tool.id);
              }}
              type="button"
              className={css.tool}
              aria-label={tool.label}
              title={tool.label}
              aria-pressed={tool.toggle ? Boolean(active[tool.id]) : undefined}
              disabled={Boolean(disabled[tool.id])}
              tabIndex={tool.id === stop ? 0 : -1}
              // Keep the editor's selection: the button must not take focus on mouse down.
              onMouseDown={(e) => e.preventDefault()}
              onFocus={() => setCurrent(tool.id)}
              onClick={() => {
                setCurrent(tool.id);
                onTool(tool.id);
              }}
            >
              {tool.glyph}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}

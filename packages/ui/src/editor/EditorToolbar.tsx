import type { ReactNode } from 'react';
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

/** The rich-text toolbar: block types, marks, link, lists, quote, code, images, undo/redo (a labelled toolbar). */
export function EditorToolbar({ active = {}, disabled = {}, onTool }: EditorToolbarProps) {
  return (
    <div className={css.toolbar} role="toolbar" aria-label="Formatting">
      {groups.map((group, i) => (
        <div key={i} style={{ display: 'contents' }}>
          {i > 0 && <span className={css.separator} aria-hidden="true" />}
          {group.map((tool) => (
            <button
              key={tool.id}
              type="button"
              className={css.tool}
              aria-label={tool.label}
              title={tool.label}
              aria-pressed={tool.toggle ? Boolean(active[tool.id]) : undefined}
              disabled={Boolean(disabled[tool.id])}
              // Keep the editor's selection: the button must not take focus on mouse down.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onTool(tool.id)}
            >
              {tool.glyph}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}

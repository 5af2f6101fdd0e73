// The rich-text editor, its own entry point (`@pentland/ui/editor`) so that TipTap loads only where it is used.
export { RichTextEditor, type RichTextEditorProps } from './RichTextEditor.tsx';
export { EditorToolbar, type EditorToolbarProps, type ToolId } from './EditorToolbar.tsx';
export { Figure, type FigureAttributes } from './figure.ts';

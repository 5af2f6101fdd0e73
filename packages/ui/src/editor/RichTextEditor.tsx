import { useEffect, useRef, useState } from 'react';
import Placeholder from '@tiptap/extension-placeholder';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Alert } from '../Alert/Alert.tsx';
import { Button } from '../Button/Button.tsx';
import { Dialog } from '../Dialog/Dialog.tsx';
import { ImageUpload } from '../ImageUpload/ImageUpload.tsx';
import {
  useImageUpload,
  type ImageUploadOptions,
  type UploadedImageResult,
} from '../ImageUpload/useImageUpload.ts';
import { TextField } from '../TextField/TextField.tsx';
import { EditorToolbar, type ToolId } from './EditorToolbar.tsx';
import { Figure, type FigureAttributes } from './figure.ts';
import { prose } from '../Article/Article.css.ts';
import * as css from './editor.css.ts';

export interface RichTextEditorProps {
  /** The initial HTML; later changes of this prop are ignored (remount with a `key` to load other content). */
  content: string;
  onChange: (html: string) => void;
  /** The accessible name of the editing area. */
  label: string;
  placeholder?: string;
  /** Image uploads: the same options as `useImageUpload`. */
  images: Omit<ImageUploadOptions, 'onUploaded'> & { accept?: string; hint?: string };
  /** An image was uploaded but not inserted (the dialog was cancelled): the caller may remove it. */
  onImageDiscarded?: (url: string) => void;
}

const safeLink = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

/** Rich text on TipTap: headings, bold/italic, lists, links, quotes, code blocks, images with alt text and caption. */
export function RichTextEditor({
  content,
  onChange,
  label,
  placeholder = 'Start writing…',
  images,
  onImageDiscarded,
}: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
        },
        underline: false,
        code: false,
        strike: false,
      }),
      Figure,
      Placeholder.configure({ placeholder }),
    ],
    content,
    immediatelyRender: false,
    // The text is set as the published page sets it: the editable element itself carries the article's prose style.
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: prose },
    },
    onUpdate: ({ editor }) => onChangeRef.current(editor.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      if (!e) return null;
      const figure = e.isActive('figure');
      return {
        active: {
          paragraph: e.isActive('paragraph'),
          h2: e.isActive('heading', { level: 2 }),
          h3: e.isActive('heading', { level: 3 }),
          h4: e.isActive('heading', { level: 4 }),
          bold: e.isActive('bold'),
          italic: e.isActive('italic'),
          link: e.isActive('link'),
          bulletList: e.isActive('bulletList'),
          orderedList: e.isActive('orderedList'),
          blockquote: e.isActive('blockquote'),
          codeBlock: e.isActive('codeBlock'),
        } as Partial<Record<ToolId, boolean>>,
        disabled: {
          editImage: !figure,
          removeImage: !figure,
          undo: !e.can().undo(),
          redo: !e.can().redo(),
        } as Partial<Record<ToolId, boolean>>,
        figure: figure ? (e.getAttributes('figure') as FigureAttributes) : null,
        href: (e.getAttributes('link').href as string | undefined) ?? '',
      };
    },
  });

  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState<string>();
  const [imageOpen, setImageOpen] = useState<'insert' | 'edit' | null>(null);
  const [alt, setAlt] = useState('');
  const [caption, setCaption] = useState('');
  const [altError, setAltError] = useState<string>();
  const [uploaded, setUploaded] = useState<UploadedImageResult | null>(null);
  const upload = useImageUpload({ ...images, onUploaded: setUploaded });

  const chain = () => editor!.chain().focus();
  const onTool = (id: ToolId) => {
    if (!editor) return;
    switch (id) {
      case 'paragraph':
        return void chain().setParagraph().run();
      case 'h2':
        return void chain().toggleHeading({ level: 2 }).run();
      case 'h3':
        return void chain().toggleHeading({ level: 3 }).run();
      case 'h4':
        return void chain().toggleHeading({ level: 4 }).run();
      case 'bold':
        return void chain().toggleBold().run();
      case 'italic':
        return void chain().toggleItalic().run();
      case 'bulletList':
        return void chain().toggleBulletList().run();
      case 'orderedList':
        return void chain().toggleOrderedList().run();
      case 'blockquote':
        return void chain().toggleBlockquote().run();
      case 'codeBlock':
        return void chain().toggleCodeBlock().run();
      case 'undo':
        return void chain().undo().run();
      case 'redo':
        return void chain().redo().run();
      case 'removeImage':
        return void chain().deleteSelection().run();
      case 'link':
        setHref(state?.href ?? '');
        setLinkError(undefined);
        return setLinkOpen(true);
      case 'image':
        upload.reset();
        setUploaded(null);
        setAlt('');
        setCaption('');
        setAltError(undefined);
        return setImageOpen('insert');
      case 'editImage':
        setAlt(state?.figure?.alt ?? '');
        setCaption(state?.figure?.caption ?? '');
        setAltError(undefined);
        return setImageOpen('edit');
    }
  };

  const applyLink = () => {
    const value = href.trim();
    if (!value) {
      chain().extendMarkRange('link').unsetLink().run();
      return setLinkOpen(false);
    }
    if (!safeLink.test(value)) {
      setLinkError('Use a web address starting with https://, a mailto: address or a path on this site.');
      return;
    }
    chain().extendMarkRange('link').setLink({ href: value }).run();
    setLinkOpen(false);
  };

  const applyImage = () => {
    if (!alt.trim()) {
      setAltError('Describe the image for people who cannot see it.');
      return;
    }
    if (imageOpen === 'edit') chain().updateFigure({ alt: alt.trim(), caption: caption.trim() }).run();
    else if (uploaded) {
      chain()
        .insertFigure({
          src: uploaded.url,
          alt: alt.trim(),
          caption: caption.trim(),
          width: uploaded.width,
          height: uploaded.height,
        })
        .run();
      setUploaded(null);
    }
    setImageOpen(null);
  };

  const closeImage = (open: boolean) => {
    if (open) return;
    if (imageOpen === 'insert' && uploaded) onImageDiscarded?.(uploaded.url);
    setUploaded(null);
    setImageOpen(null);
  };

  return (
    <div className={css.frame}>
      <EditorToolbar
        active={state?.active}
        disabled={{ ...(state?.disabled ?? {}), ...(editor ? {} : { image: true }) }}
        onTool={onTool}
      />
      <EditorContent editor={editor} className={css.content} />
      <Dialog
        open={linkOpen}
        onOpenChange={setLinkOpen}
        title="Link"
        description="Leave the address empty to remove the link."
        confirmLabel="Apply link"
      >
        <form
          className={css.dialogForm}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            applyLink();
          }}
        >
          <TextField
            label="Address"
            type="url"
            value={href}
            error={linkError}
            onChange={(e) => setHref(e.target.value)}
            placeholder="https://"
          />
          <Button type="submit">Apply link</Button>
        </form>
      </Dialog>
      <Dialog
        open={imageOpen !== null}
        onOpenChange={closeImage}
        title={imageOpen === 'edit' ? 'Edit image' : 'Insert image'}
      >
        <form
          className={css.dialogForm}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            applyImage();
          }}
        >
          {imageOpen === 'insert' && (
            <ImageUpload
              label="Image file"
              hint={images.hint}
              accept={images.accept}
              state={upload.state}
              onFile={(f) => void upload.select(f)}
            />
          )}
          <TextField
            label="Alt text"
            required
            value={alt}
            error={altError}
            onChange={(e) => setAlt(e.target.value)}
            maxLength={300}
          />
          <TextField
            label="Caption"
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
            maxLength={300}
          />
          {imageOpen === 'insert' && !uploaded && upload.state.kind !== 'error' && (
            <Alert tone="info">Choose an image file to upload first.</Alert>
          )}
          <Button type="submit" disabled={imageOpen === 'insert' && !uploaded}>
            {imageOpen === 'edit' ? 'Save image details' : 'Add image to article'}
          </Button>
        </form>
      </Dialog>
    </div>
  );
}

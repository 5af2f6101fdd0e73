import { mergeAttributes, Node } from '@tiptap/core';

export interface FigureAttributes {
  src: string;
  alt: string;
  caption: string;
  width: number | null;
  height: number | null;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    figure: {
      /** Inserts an image with its alt text and caption at the selection. */
      insertFigure: (attrs: Partial<FigureAttributes> & { src: string }) => ReturnType;
      /** Changes the selected image's alt text or caption. */
      updateFigure: (attrs: Partial<FigureAttributes>) => ReturnType;
    };
  }
}

const dimension = (value: string | null | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * An image with alt text and an optional caption, stored as `<figure><img …><figcaption>…</figcaption></figure>`.
 * Width and height are kept so the published page reserves the space (no layout shift). A bare `<img>` (a draft
 * from the generator, older content) becomes a figure without caption.
 */
export const Figure = Node.create({
  name: 'figure',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      src: { default: '' },
      alt: { default: '' },
      caption: { default: '' },
      width: { default: null },
      height: { default: null },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'figure',
        getAttrs: (el) => {
          const img = (el as HTMLElement).querySelector('img');
          if (!img?.getAttribute('src')) return false;
          return {
            src: img.getAttribute('src'),
            alt: img.getAttribute('alt') ?? '',
            caption: (el as HTMLElement).querySelector('figcaption')?.textContent?.trim() ?? '',
            width: dimension(img.getAttribute('width')),
            height: dimension(img.getAttribute('height')),
          };
        },
      },
      {
        tag: 'img[src]',
        getAttrs: (el) => ({
          src: (el as HTMLElement).getAttribute('src'),
          alt: (el as HTMLElement).getAttribute('alt') ?? '',
          width: dimension((el as HTMLElement).getAttribute('width')),
          height: dimension((el as HTMLElement).getAttribute('height')),
        }),
      },
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    const { src, alt, width, height, caption } = node.attrs as FigureAttributes;
    const img = ['img', mergeAttributes({ src, alt }, width ? { width } : {}, height ? { height } : {})];
    void HTMLAttributes;
    return caption ? ['figure', {}, img, ['figcaption', {}, caption]] : ['figure', {}, img];
  },
  addCommands() {
    return {
      insertFigure:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
      updateFigure:
        (attrs) =>
        ({ commands }) =>
          commands.updateAttributes(this.name, attrs),
    };
  },
});

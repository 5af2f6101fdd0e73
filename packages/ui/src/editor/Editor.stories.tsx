import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { ArticleView } from '../Article/ArticleView.tsx';
import { Container } from '../Container/Container.tsx';
import { EditorToolbar } from './EditorToolbar.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';

const image = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="#1e5a8a"/></svg>')}`;

/** The article editor's rich text (TipTap), loaded from `@pentland/ui/editor` on the editor route only. */
const meta = {
  title: 'Articles/Editor',
  component: EditorToolbar,
  parameters: { layout: 'padded' },
  args: { onTool: fn() },
} satisfies Meta<typeof EditorToolbar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Toolbar: Story = {
  args: { disabled: { editImage: true, removeImage: true, undo: true, redo: true } },
  play: async ({ canvas, userEvent, args }) => {
    const bar = canvas.getByRole('toolbar', { name: 'Formatting' });
    await expect(bar).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove image' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Bold' }));
    await expect(args.onTool).toHaveBeenCalledWith('bold');
  },
};

/**
 * Every button has a name; the toolbar is one Tab stop (WAI-ARIA's toolbar pattern): the arrow keys move between the
 * buttons that can be used (wrapping), Home and End jump, Enter uses the focused one, Tab leaves.
 */
export const ToolbarKeyboard: Story = {
  args: { disabled: { editImage: true, removeImage: true, undo: true, redo: true } },
  render: (args) => (
    <>
      <input aria-label="Before" />
      <EditorToolbar {...args} />
      <input aria-label="After" />
    </>
  ),
  play: async ({ canvas, userEvent, args }) => {
    const buttons = canvas.getAllByRole('button');
    await expect(buttons).toHaveLength(16);
    for (const b of buttons) {
      await expect(b.getAttribute('aria-label')?.trim()).toBeTruthy();
      await expect(b).toHaveAccessibleName(b.getAttribute('aria-label')!);
    }
    await expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    await userEvent.click(canvas.getByRole('textbox', { name: 'Before' }));
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Paragraph' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('button', { name: 'Heading H2' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    // Wraps to the last button that can be used: undo and redo cannot.
    await expect(canvas.getByRole('button', { name: 'Insert image' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('button', { name: 'Paragraph' })).toHaveFocus();
    await userEvent.keyboard('{End}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onTool).toHaveBeenCalledWith('bold');
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: 'After' })).toHaveFocus();
    // Back in: on the button last used.
    await userEvent.tab({ shift: true });
    await expect(canvas.getByRole('button', { name: 'Bold' })).toHaveFocus();
  },
};

/** The editing area spaces paragraphs, headings and lists as the published page does (the same prose style). */
export const SpacingAsPublished: Story = {
  render: () => {
    const html = '<h2>Plan the move</h2><p>Start small.</p><p>Then move the rest.</p><ul><li>One</li></ul>';
    return (
      <Container width="medium">
        <RichTextEditor
          label="Article text"
          content={html}
          onChange={() => {}}
          images={{ maxSide: 2000, check: () => null, upload: async () => ({ url: image }) }}
        />
        <div data-published>
          <ArticleView title="Published" html={html} />
        </div>
      </Container>
    );
  },
  play: async ({ canvas, canvasElement }) => {
    const text = await canvas.findByRole('textbox', { name: 'Article text' });
    await waitFor(() => expect(text.querySelectorAll(':scope > p')).toHaveLength(2));
    const published = canvasElement.querySelector('[data-published]')!;
    const spacing = (root: Element, selector: string) => {
      const s = getComputedStyle(root.querySelector(selector)!);
      return [s.marginTop, s.marginBottom, s.lineHeight, s.fontSize];
    };
    for (const selector of ['h2', 'p + p', 'ul']) {
      await expect(spacing(text, selector)).toEqual(spacing(published, selector));
    }
    await expect(spacing(text, 'p + p')[0]).not.toBe('0px');
  },
};

export const ToolbarActiveMarks: Story = {
  args: { active: { h2: true, bold: true, link: true }, disabled: { undo: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Heading H2' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Italic' })).toHaveAttribute('aria-pressed', 'false');
  },
};

export const ToolbarImageSelected: Story = {
  args: { active: {}, disabled: {} },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Edit image' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Remove image' })).toBeEnabled();
  },
};

/** Inserting an uploaded image: alt text is required, the caption is optional (typing is covered in Chromium by the web journeys). */
export const WritingWithImage: Story = {
  render: () => {
    const onChange = fn();
    (window as unknown as { __editorChange: typeof onChange }).__editorChange = onChange;
    return (
      <Container width="medium">
        <RichTextEditor
          label="Article text"
          content="<h2>Plan the move</h2><p>Start small.</p>"
          onChange={onChange}
          images={{
            maxSide: 2000,
            check: () => null,
            upload: async (_f, progress) => {
              progress(1);
              return { url: image };
            },
          }}
        />
      </Container>
    );
  },
  play: async ({ canvas }) => {
    // Native clicks, focus and change events: user-event cannot place a selection in ProseMirror's contenteditable.
    const onChange = (window as unknown as { __editorChange: ReturnType<typeof fn> }).__editorChange;
    const text = await canvas.findByRole('textbox', { name: 'Article text' });
    await expect(text).toHaveTextContent('Plan the moveStart small.');
    canvas.getByRole('button', { name: 'Insert image' }).click();
    const dialog = await screen.findByRole('dialog', { name: 'Insert image' });
    const canvasEl = document.createElement('canvas');
    canvasEl.width = 40;
    canvasEl.height = 20;
    const blob = await new Promise<Blob>((r) => canvasEl.toBlob((b) => r(b!), 'image/png'));
    const input = screen.getByLabelText('Image file') as HTMLInputElement;
    const files = new DataTransfer();
    files.items.add(new File([blob], 'shot.png', { type: 'image/png' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    // The dialog fades in: the preview is visible once it has.
    await waitFor(() => expect(screen.getByRole('img', { name: 'The uploaded image' })).toBeVisible());
    const setValue = (el: HTMLElement, value: string) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    };
    setValue(screen.getByLabelText(/Alt text/), 'A blue square');
    setValue(screen.getByLabelText('Caption'), 'Our colours');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add image to article' })).toBeEnabled());
    screen.getByRole('button', { name: 'Add image to article' }).click();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.stringMatching(
          /<figure><img src="data:image\/svg\+xml[^"]*" alt="A blue square" width="40" height="20"><figcaption>Our colours<\/figcaption><\/figure>/,
        ),
      ),
    );
  },
};

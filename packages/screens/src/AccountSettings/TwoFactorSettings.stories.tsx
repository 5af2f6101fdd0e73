import { mfaEnrolLogic, mfaEnrolView, mfaMessages, type MfaEnrolEvent } from '@pentland/auth-machine';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { createActor } from 'xstate';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';

/** Two-step verification on the profile; each story renders the view auth-machine's mfaEnrol machine reaches. */
function viewAfter(...events: MfaEnrolEvent[]) {
  const actor = createActor(mfaEnrolLogic).start();
  for (const event of events) actor.send(event);
  return mfaEnrolView(actor.getSnapshot());
}

// A picture standing in for the QR code Auth answers (a data: URL of an SVG, as Supabase sends it).
const cells = [
  0, 1, 2, 4, 6, 8, 9, 12, 13, 15, 17, 20, 22, 23, 24, 26, 29, 31, 33, 35, 36, 38, 40, 41, 44, 46, 48,
];
const qrCode = `data:image/svg+xml;utf-8,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" shape-rendering="crispEdges"><rect width="7" height="7" fill="#fff"/>${cells
    .map((i) => `<rect x="${i % 7}" y="${Math.floor(i / 7)}" width="1" height="1"/>`)
    .join('')}</svg>`,
)}`;
const enrolment = {
  factorId: 'f1',
  qrCode,
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/x',
};
const ready: MfaEnrolEvent[] = [{ type: 'enrol.start' }, { type: 'enrol.ready', enrolment }];
const verified = [
  {
    id: 'f1',
    friendlyName: 'Authenticator app',
    factorType: 'totp',
    status: 'verified',
    createdAt: '2026-11-20T10:00:00Z',
  },
];

const meta = {
  title: 'Account/TwoFactorSettings',
  component: TwoFactorSettings,
  parameters: { layout: 'padded' },
  args: {
    factors: [],
    enrol: viewAfter(),
    onStart: fn(),
    onCodeChange: fn(),
    onSubmit: fn(),
    onCancel: fn(),
    onRemove: fn(),
    removeState: { status: 'idle' },
  },
} satisfies Meta<typeof TwoFactorSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText('Two-step verification is off.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: mfaMessages.enrolStart }));
    await expect(args.onStart).toHaveBeenCalled();
  },
};

export const Scanning: Story = {
  args: { enrol: viewAfter(...ready) },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', qrCode);
    await expect(canvas.getByTestId('totp-secret')).toHaveTextContent(enrolment.secret);
    await userEvent.type(canvas.getByLabelText(/Authentication code/), '1');
    await expect(args.onCodeChange).toHaveBeenCalledWith('1');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

export const WrongCode: Story = {
  args: {
    enrol: viewAfter(
      ...ready,
      { type: 'code.change', value: '000000' },
      { type: 'form.submit' },
      { type: 'verify.failed', message: 'Invalid TOTP code entered' },
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Invalid TOTP code entered');
    await expect(canvas.getByLabelText(/Authentication code/)).toHaveValue('');
  },
};

export const On: Story = {
  args: {
    factors: verified,
    enrol: viewAfter(
      ...ready,
      { type: 'code.change', value: '123456' },
      { type: 'form.submit' },
      { type: 'verify.succeeded' },
    ),
  },
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(mfaMessages.enrolled);
    await expect(canvas.getByText('Added 20 Nov 2026')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: mfaMessages.enrolStart })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Turn off' }));
    await expect(args.onRemove).toHaveBeenCalledWith('f1');
  },
};

export const TurnOffRefused: Story = {
  args: {
    factors: verified,
    removeState: { status: 'error', message: 'AAL2 required' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('AAL2 required');
  },
};

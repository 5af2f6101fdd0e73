import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Spinner,
  Inline,
  Stack,
  Table,
  TextField,
  Textarea,
} from '@pentland/ui';
import { StatusBadge } from '../StatusBadge/index.ts';

export interface ConsultationTypeDraft {
  id?: string;
  name: string;
  description: string;
  durationMinutes: string;
  /** Pounds as typed, e.g. '75.00'. */
  price: string;
  active: boolean;
  sortOrder: string;
}

export const emptyConsultationType: ConsultationTypeDraft = {
  name: '',
  description: '',
  durationMinutes: '60',
  price: '',
  active: true,
  sortOrder: '0',
};

export interface ConsultationTypesManagerProps {
  state: 'loading' | 'error' | 'ready';
  error?: string | null;
  onRetry?: () => void;
  types: readonly (ConsultationTypeDraft & { id: string; priceLabel: string })[];
  /** Saves the draft; when it answers true (saved), the form starts again with an empty draft. */
  onSave: (draft: ConsultationTypeDraft) => boolean | void | Promise<boolean | void>;
  /** Field errors of the draft being saved. */
  errors?: Partial<Record<keyof ConsultationTypeDraft, string>>;
  message?: { tone: 'success' | 'error'; text: string } | null;
  busy?: boolean;
}

/** /services/consultation-services: the consultation types offered on the request form. */
export function ConsultationTypesManager(p: ConsultationTypesManagerProps) {
  const [draft, setDraft] = useState<ConsultationTypeDraft>(emptyConsultationType);
  const e = p.errors ?? {};
  const set = (patch: Partial<ConsultationTypeDraft>) => setDraft({ ...draft, ...patch });
  return (
    <Stack gap="5">
      {p.message && <Alert tone={p.message.tone}>{p.message.text}</Alert>}
      {p.state === 'loading' && <Spinner label="Loading consultation types..." showLabel />}
      {p.state === 'error' && (
        <Alert tone="error" title="The consultation types could not be loaded">
          {p.error ?? 'Please try again.'}{' '}
          {p.onRetry && (
            <Button size="small" variant="secondary" onClick={p.onRetry}>
              Try again
            </Button>
          )}
        </Alert>
      )}
      {p.state === 'ready' && (
        <Table
          caption="Consultation types"
          rows={p.types}
          rowKey={(t) => t.id}
          emptyText="No consultation types yet: add the first below."
          columns={[
            { key: 'sortOrder', header: 'Order', align: 'right' },
            { key: 'name', header: 'Name' },
            { key: 'durationMinutes', header: 'Minutes', align: 'right' },
            { key: 'priceLabel', header: 'Price', align: 'right' },
            {
              key: 'active',
              header: 'On the form',
              render: (t) => (
                <StatusBadge
                  status={t.active ? 'approved' : 'archived'}
                  label={t.active ? 'Active' : 'Hidden'}
                />
              ),
            },
            {
              key: 'edit',
              header: 'Actions',
              render: (t) => (
                <Button
                  size="small"
                  variant="ghost"
                  aria-label={`Edit ${t.name}`}
                  onClick={() => setDraft(t)}
                >
                  Edit
                </Button>
              ),
            },
          ]}
        />
      )}
      <Card as="section" title={draft.id ? `Edit ${draft.name}` : 'Add a consultation type'} titleAs="h2">
        <form
          noValidate
          onSubmit={(ev) => {
            ev.preventDefault();
            void Promise.resolve(p.onSave(draft)).then((saved) => {
              if (saved === true) setDraft(emptyConsultationType);
            });
          }}
        >
          <Stack gap="3">
            <TextField
              label="Name"
              required
              maxLength={100}
              value={draft.name}
              error={e.name}
              onChange={(ev) => set({ name: ev.target.value })}
            />
            <Textarea
              label="Description"
              rows={3}
              maxLength={500}
              value={draft.description}
              error={e.description}
              onChange={(ev) => set({ description: ev.target.value })}
            />
            <Inline gap="3" align="start">
              <TextField
                label="Duration (minutes)"
                type="number"
                min={15}
                max={480}
                step={15}
                value={draft.durationMinutes}
                error={e.durationMinutes}
                onChange={(ev) => set({ durationMinutes: ev.target.value })}
              />
              <TextField
                label="Price (£)"
                inputMode="decimal"
                hint="Leave empty for free"
                value={draft.price}
                error={e.price}
                onChange={(ev) => set({ price: ev.target.value })}
              />
              <TextField
                label="Order"
                type="number"
                min={0}
                max={10000}
                value={draft.sortOrder}
                error={e.sortOrder}
                onChange={(ev) => set({ sortOrder: ev.target.value })}
              />
            </Inline>
            <Checkbox
              label="Offer it on the request form"
              checked={draft.active}
              onCheckedChange={(active) => set({ active })}
            />
            <Inline gap="2">
              <Button type="submit" busy={p.busy}>
                {draft.id ? 'Save changes' : 'Add type'}
              </Button>
              {draft.id && (
                <Button variant="ghost" onClick={() => setDraft(emptyConsultationType)}>
                  Cancel
                </Button>
              )}
            </Inline>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

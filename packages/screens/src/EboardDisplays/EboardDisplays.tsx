import { useState } from 'react';
import { Alert, Badge, Button, Card, Inline, Spinner, Stack, Table, Text, TextField } from '@pentland/ui';
import * as css from './EboardDisplays.css.ts';

export interface DisplayRow {
  id: string;
  name: string;
  location?: string | null;
  version?: string | null;
  /** What it said it shows, in words ("2 entries: Open night, Coffee morning"). */
  showing?: string | null;
  /** "4 min ago", "Never". */
  lastSeen: string;
  health: 'never' | 'alive' | 'silent';
}

export interface EboardDisplaysProps {
  state: 'loading' | 'error' | 'ready';
  displays: readonly DisplayRow[];
  /** A display just registered, with the URL that carries its key: shown this once. */
  registered?: { name: string; url: string } | null;
  /** Resolves true once the display is registered (the fields then clear); false keeps them for another try. */
  onRegister: (name: string, location: string) => Promise<boolean>;
  onDismissRegistered?: () => void;
  onReload: (id: string) => void;
  message?: { tone: 'success' | 'error'; text: string } | null;
  busy?: boolean;
  /** Minutes without a heartbeat after which a display is silent. */
  silentMinutes: number;
}

const health = {
  alive: { tone: 'positive', label: 'Alive' },
  silent: { tone: 'critical', label: 'Silent' },
  never: { tone: 'neutral', label: 'Not seen yet' },
} as const;

/** /eboard-dashboard's displays: each registered screen with when it was last heard from, reload, register. */
export function EboardDisplays(p: EboardDisplaysProps) {
  const [name, setName] = useState('');
  const [location, setLocation] = useState('');
  const silent = p.displays.filter((d) => d.health === 'silent');
  return (
    <Card as="section" title="Displays" titleAs="h2" aria-label="Displays">
      <Stack gap="4">
        {p.message && <Alert tone={p.message.tone}>{p.message.text}</Alert>}
        {silent.length > 0 && (
          <Alert tone="error" title="A display is silent">
            Not heard from for more than {p.silentMinutes} minutes: {silent.map((d) => d.name).join(', ')}.
          </Alert>
        )}
        {p.registered && (
          // The alert's text is one paragraph: the address sits in it, the button after it.
          <Stack gap="2">
            <Alert tone="success" title={`${p.registered.name} is registered`}>
              Open this address on the display. It is shown only now: copy it before you close this.{' '}
              <code className={css.url}>{p.registered.url}</code>
            </Alert>
            {p.onDismissRegistered && (
              <Inline gap="2">
                <Button size="small" variant="secondary" onClick={p.onDismissRegistered}>
                  Done
                </Button>
              </Inline>
            )}
          </Stack>
        )}
        {p.state === 'loading' && <Spinner label="Loading displays..." showLabel />}
        {p.state === 'error' && (
          <Alert tone="error">The displays could not be loaded. Please try again.</Alert>
        )}
        {p.state === 'ready' && (
          <Table
            caption="Registered displays"
            rows={p.displays}
            rowKey={(d) => d.id}
            emptyText="No display registered yet."
            columns={[
              {
                key: 'name',
                header: 'Display',
                render: (d) => (d.location ? `${d.name} (${d.location})` : d.name),
              },
              {
                key: 'health',
                header: 'Status',
                render: (d) => <Badge tone={health[d.health].tone}>{health[d.health].label}</Badge>,
              },
              { key: 'lastSeen', header: 'Last seen' },
              { key: 'showing', header: 'Showing', render: (d) => d.showing ?? '—' },
              { key: 'version', header: 'Version', render: (d) => d.version ?? '—' },
              {
                key: 'actions',
                header: 'Actions',
                render: (d) => (
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={`Reload ${d.name}`}
                    busy={p.busy}
                    onClick={() => p.onReload(d.id)}
                  >
                    Reload
                  </Button>
                ),
              },
            ]}
          />
        )}
        <form
          aria-label="Register a display"
          onSubmit={(e) => {
            e.preventDefault();
            if (!name.trim()) return;
            void p.onRegister(name.trim(), location.trim()).then((registered) => {
              if (!registered) return;
              setName('');
              setLocation('');
            });
          }}
        >
          <Stack gap="3">
            <Text weight="bold">Register a display</Text>
            <TextField label="Name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
            <TextField
              label="Location"
              value={location}
              maxLength={200}
              onChange={(e) => setLocation(e.target.value)}
            />
            <Inline gap="2">
              <Button type="submit" variant="secondary" busy={p.busy} disabled={!name.trim()}>
                Register display
              </Button>
            </Inline>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

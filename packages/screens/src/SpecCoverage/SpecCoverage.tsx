import { Table, type TableColumn } from '@pentland/ui';

export interface MessageCoverageRow {
  message: string;
  /** The story files whose source contains the message verbatim. */
  files: string[];
}

/** Which story files state each spec message verbatim (a reviewer's checklist; the story asserts it). */
export function coverageOf(messagesText: string, storySources: Record<string, string>): MessageCoverageRow[] {
  const messages = messagesText
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return messages.map((message) => ({
    message,
    files: Object.entries(storySources)
      .filter(([, source]) => source.includes(message))
      .map(([file]) => file.replace(/^.*\/src\//, '')),
  }));
}

const columns: TableColumn<MessageCoverageRow>[] = [
  { key: 'message', header: "Message (the specification's message list)" },
  { key: 'files', header: 'Stories', render: (r) => (r.files.length ? r.files.join(', ') : 'MISSING') },
];

export function MessageCoverage({ rows }: { rows: MessageCoverageRow[] }) {
  return (
    <Table
      caption="Spec messages and the stories that show them"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.message}
    />
  );
}

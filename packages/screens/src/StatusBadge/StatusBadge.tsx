import { statusBadge, type StatusTone } from './StatusBadge.css.ts';

/** The tone each workflow status shows in (enquiries and E-Board entries). */
export const statusTones: Record<string, StatusTone> = {
  new: 'new',
  pending: 'new',
  contacted: 'progress',
  scheduled: 'scheduled',
  approved: 'done',
  completed: 'done',
  cancelled: 'stopped',
  archived: 'stopped',
  rejected: 'refused',
};

export interface StatusBadgeProps {
  /** The status key, e.g. 'scheduled'. */
  status: string;
  /** What it reads, e.g. 'Scheduled'; defaults to the key with a capital. */
  label?: string;
}

/** A workflow status as a coloured pill; the word carries the meaning, the colour only helps. */
export function StatusBadge({ status, label }: StatusBadgeProps) {
  return (
    <span className={statusBadge({ tone: statusTones[status] ?? 'progress' })} data-status={status}>
      {label ?? status.charAt(0).toUpperCase() + status.slice(1)}
    </span>
  );
}

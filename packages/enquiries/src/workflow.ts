/**
 * Status workflows. The database enforces the same transitions (a trigger refuses any other), so these
 * tables only decide what the dashboards offer.
 */

export const enquiryStatuses = ['new', 'contacted', 'scheduled', 'completed', 'cancelled'] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

/** new → contacted → scheduled → completed, or cancelled; a cancelled enquiry may be reopened as new. */
export const enquiryTransitions: Readonly<Record<EnquiryStatus, readonly EnquiryStatus[]>> = {
  new: ['contacted', 'scheduled', 'cancelled'],
  contacted: ['scheduled', 'completed', 'cancelled'],
  scheduled: ['completed', 'cancelled', 'contacted'],
  completed: [],
  cancelled: ['new'],
};

export const enquiryStatusLabels: Readonly<Record<EnquiryStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const eboardStatuses = ['pending', 'approved', 'rejected', 'archived'] as const;
export type EboardStatus = (typeof eboardStatuses)[number];

export const eboardTransitions: Readonly<Record<EboardStatus, readonly EboardStatus[]>> = {
  pending: ['approved', 'rejected', 'archived'],
  approved: ['rejected', 'archived'],
  rejected: ['pending', 'archived'],
  archived: ['pending'],
};

export const eboardStatusLabels: Readonly<Record<EboardStatus, string>> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  archived: 'Archived',
};

export function isEnquiryStatus(s: unknown): s is EnquiryStatus {
  return typeof s === 'string' && (enquiryStatuses as readonly string[]).includes(s);
}

export function isEboardStatus(s: unknown): s is EboardStatus {
  return typeof s === 'string' && (eboardStatuses as readonly string[]).includes(s);
}

export function canMoveEnquiry(from: EnquiryStatus, to: EnquiryStatus): boolean {
  return enquiryTransitions[from].includes(to);
}

export function canMoveEboard(from: EboardStatus, to: EboardStatus): boolean {
  return eboardTransitions[from].includes(to);
}

/** 'PC-1A2B3C4D' for a consultation, 'PM-…' for a contact message, 'EB-…' for an E-Board entry: the same
 * expression as the tables' generated `reference` columns. */
export type ReferencePrefix = 'PC' | 'PM' | 'EB';
export function referenceFor(prefix: ReferencePrefix, id: string): string {
  return `${prefix}-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

import { useEffect, useState } from 'react';

/**
 * Data a page rendered on request carries for one part of it (`<script type="application/json" id="…">`): set by
 * the server renderer around its render, read from the served page by the browser on first use, and dropped once
 * shown (`forget`), so a later visit within the app asks the backend again.
 */
export interface ServedData<T> {
  id: string;
  set(value: T | null): void;
  get(): T | null;
  forget(): void;
}

export function servedData<T>(id: string): ServedData<T> {
  let value: T | null = null;
  let read = false;
  return {
    id,
    set(v) {
      value = v;
      read = true;
    },
    get() {
      if (!read && typeof document !== 'undefined') {
        read = true;
        const text = document.getElementById(id)?.textContent;
        try {
          value = text ? (JSON.parse(text) as T) : null;
        } catch {
          value = null;
        }
      }
      return value;
    },
    forget() {
      value = null;
      read = true;
    },
  };
}

/**
 * The value a page rendered on request carries for this part, read once when the component mounts and then
 * forgotten (see `ServedData`): the component keeps it, a later visit within the app asks the backend again.
 */
export function useServedData<T>(slot: ServedData<T>): T | null {
  const [value] = useState(() => slot.get());
  useEffect(() => slot.forget(), [slot]);
  return value;
}

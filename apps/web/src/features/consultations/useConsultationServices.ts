import { useCallback, useEffect, useState } from 'react';
import { formatPence } from '@pentland/site-data';
import type { ConsultationTypeDraft } from '@pentland/screens';
import { loadSupabase } from '../../lib/supabase.ts';
import { readConsultationServices, saveConsultationService } from './data.ts';

type Type = ConsultationTypeDraft & { id: string; priceLabel: string };

function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'consultation'
  );
}

export const duplicateTypeName = 'A consultation type with this name already exists';

/** Checks a draft against the other types; returns the row to write or the errors per field. */
export function checkTypeDraft(
  d: ConsultationTypeDraft,
  others: readonly { id: string; name: string }[] = [],
): { row: Record<string, unknown> } | { errors: Partial<Record<keyof ConsultationTypeDraft, string>> } {
  const errors: Partial<Record<keyof ConsultationTypeDraft, string>> = {};
  const name = d.name.trim();
  if (!name) errors.name = 'Enter a name';
  else if (name.length > 100) errors.name = 'The name must be 100 characters or fewer';
  else if (others.some((t) => t.id !== d.id && slugify(t.name) === slugify(name)))
    errors.name = duplicateTypeName;
  if (d.description.length > 500) errors.description = 'The description must be 500 characters or fewer';
  const minutes = Number(d.durationMinutes);
  if (!Number.isInteger(minutes) || minutes < 15 || minutes > 480 || minutes % 15)
    errors.durationMinutes = 'Enter 15 to 480 minutes, in steps of 15';
  const priceText = d.price.trim().replace(/^£/, '');
  let pence: number | null = null;
  if (priceText) {
    if (!/^\d{1,6}(\.\d{1,2})?$/.test(priceText)) errors.price = 'Enter a price in pounds, like 75 or 37.50';
    else {
      const [pounds, p = ''] = priceText.split('.');
      pence = Number(pounds) * 100 + Number(p.padEnd(2, '0'));
      if (pence > 10_000_000) errors.price = 'The price must be £100,000 or less';
    }
  }
  const order = Number(d.sortOrder);
  if (!Number.isInteger(order) || order < 0 || order > 10000)
    errors.sortOrder = 'Enter a whole number from 0 to 10000';
  if (Object.keys(errors).length) return { errors };
  return {
    row: {
      name,
      description: d.description.trim(),
      duration_minutes: minutes,
      price_gbp: pence === null ? null : (pence / 100).toFixed(2),
      is_active: d.active,
      sort_order: order,
    },
  };
}

/** The consultation types the request form offers, as the administrators manage them: list, check, save. */
export function useConsultationServices() {
  const [types, setTypes] = useState<Type[]>([]);
  const [state, setState] = useState<'loading' | 'error' | 'ready'>('loading');
  const [errors, setErrors] = useState<Partial<Record<keyof ConsultationTypeDraft, string>>>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const data = await readConsultationServices(await loadSupabase());
    if (!data) return setState('error');
    setTypes(
      data.map((t) => ({
        id: t.id as string,
        name: t.name as string,
        description: (t.description as string) ?? '',
        durationMinutes: String(t.duration_minutes),
        price: t.price_gbp === null ? '' : Number(t.price_gbp).toFixed(2),
        priceLabel: t.price_gbp === null ? 'Free' : formatPence(Math.round(Number(t.price_gbp) * 100)),
        active: t.is_active as boolean,
        sortOrder: String(t.sort_order),
      })),
    );
    setState('ready');
  }, []);
  useEffect(() => {
    const t = setTimeout(() => void load(), 0);
    return () => clearTimeout(t);
  }, [load]);
  /** Saves a draft; true once it is stored. A new type's slug is its name's, so the database refuses a twin. */
  const save = async (draft: ConsultationTypeDraft): Promise<boolean> => {
    if (busy) return false;
    const checked = checkTypeDraft(draft, types);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return false;
    }
    setErrors({});
    setBusy(true);
    const error = await saveConsultationService(
      await loadSupabase(),
      checked.row,
      draft.id ? { id: draft.id } : { slug: slugify(String(checked.row.name)) },
    );
    setBusy(false);
    if (error?.code === '23505') setErrors({ name: duplicateTypeName });
    setMessage(
      error
        ? { tone: 'error', text: error.code === '23505' ? duplicateTypeName : error.message }
        : { tone: 'success', text: `${String(checked.row.name)} saved.` },
    );
    await load();
    return !error;
  };
  return { types, state, errors, message, busy, retry: () => void load(), save };
}

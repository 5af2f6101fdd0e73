import { localTimeZone } from '@pentland/ui';
import { useEffect, useState } from 'react';
import type { ManageBookingState } from '@pentland/screens';
import { useAddressQuery } from '../../lib/addressQuery.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { loadSupabase } from '../../lib/supabase.ts';
import {
  changeManagedBooking,
  readManagedBooking,
  readOfferedTypes,
  type FreeSlot,
  type ManageAnswer,
  type ManagedBooking,
} from './data.ts';
import { useFreeSlots } from './useFreeSlots.ts';

const messages: Record<string, string> = {
  after_cutoff: 'It is too late to change this booking online. Please call or e-mail us.',
  already_cancelled: 'This booking was already cancelled.',
};

/**
 * /bookings/manage?token=…: the booking its e-mail's link names, cancelling it, and moving it to a free time of the
 * same consultation type (found by the type's name when the answer does not carry its id).
 */
export function useManageBooking() {
  const query = useAddressQuery();
  const hydrated = useHydrated();
  const token = query ? query.get('token') : undefined;
  const [loaded, setView] = useState<ManageBookingState>({ state: 'loading' });
  // Without a token the page says how to manage a booking; a link with an empty one names no booking.
  const view: ManageBookingState =
    token === null ? { state: 'none' } : token === '' ? { state: 'invalid' } : loaded;
  const [problem, setProblem] = useState<{ message: string; nearest?: FreeSlot[] } | null>(null);
  const [typeId, setTypeId] = useState('');
  const [choosing, setChoosing] = useState(false);
  const free = useFreeSlots(choosing ? typeId : '');

  const show = (answer: ManageAnswer) => {
    if (answer.ok) {
      setView({ state: 'ready', booking: answer.booking });
      return answer.booking;
    }
    if (answer.code === 'invalid_link') setView({ state: 'invalid' });
    else if (answer.code === 'expired_link') setView({ state: 'expired' });
    else setView({ state: 'error', message: answer.message });
    return null;
  };

  useEffect(() => {
    if (!token) return;
    let live = true;
    void loadSupabase().then(async (client) => {
      const answer = await readManagedBooking(client, token);
      if (!live) return;
      const booking = show(answer);
      if (booking) {
        const withId = booking as ManagedBooking & { typeId?: string };
        const id =
          withId.typeId ??
          (await readOfferedTypes(client).catch(() => [])).find((t) => t.name === booking.typeName)?.id;
        if (live) setTypeId(id ?? '');
      }
    });
    return () => {
      live = false;
    };
  }, [token]);

  /** A change that failed keeps the booking shown and says why (with the nearest free times when taken). */
  const change = async (action: { action: 'cancel' } | { action: 'reschedule'; start: string }) => {
    setProblem(null);
    const answer = await changeManagedBooking(await loadSupabase(), token ?? '', action);
    if (answer.ok) {
      show(answer);
      setChoosing(false);
      return;
    }
    if (answer.code === 'invalid_link' || answer.code === 'expired_link') {
      show(answer);
      return;
    }
    const message = messages[answer.code] ?? answer.message;
    setProblem({ message, nearest: answer.nearest });
    if (answer.code === 'after_cutoff' || answer.code === 'already_cancelled') {
      const again = await readManagedBooking(await loadSupabase(), token ?? '');
      if (again.ok) show(again);
    }
    if (answer.code === 'slot_taken') free.reload();
    throw new Error(message);
  };

  return {
    view,
    problem,
    visitorTimeZone: hydrated ? localTimeZone() : undefined,
    cancel: () => change({ action: 'cancel' }),
    reschedule: (start: string) => change({ action: 'reschedule', start }),
    startReschedule: () => setChoosing(true),
    calendar:
      typeId && free.bookingMode === 'instant'
        ? {
            slots: free.slots,
            month: free.month,
            onMonthChange: free.setMonth,
            minMonth: free.minMonth,
            maxMonth: free.maxMonth,
            loading: free.loading,
            error: free.error,
          }
        : typeId
          ? {
              slots: [],
              month: free.month,
              onMonthChange: free.setMonth,
              loading: free.loading,
              error: free.error,
            }
          : null,
  };
}
